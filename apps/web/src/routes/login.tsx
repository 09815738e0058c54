import {
  loginBodySchema,
  type LoginBody,
  type SecondFactorKind,
  type SessionUser,
} from '@adboard/shared';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link, Navigate, useNavigate } from 'react-router';
import { useAuth } from '../features/auth/auth-context';
import { verifyEmailPath } from '../features/auth/verify-email-path';
import { useDocumentTitle } from '../features/site/site-context';
import { ErrorAlert } from '../features/ui/alert';
import { ScreenCard } from '../features/ui/screen-card';
import { TextField } from '../features/ui/text-field';
import { useZodForm } from '../features/ui/use-zod-form';
import { ApiError, errorMessage } from '../lib/api';
import { accountApi } from '../lib/account-api';
import { lazyView } from '../lib/lazy-screen';
import { PasskeyPromptError, passkeysSupported } from '../lib/passkey-support';
import { authScreensText, answersText, secondStepText } from '../i18n/areas';
import { useLanguage, useText } from '../i18n/language-context';
import { loadArea } from '../i18n/text-store';

/**
 * The second step (its form and its texts) and the passkey calls are loaded when used:
 * most sign-ins have neither, and the page's first load stays within its budget
 * (docs/benchmarks.md).
 */
const SecondStepForm = lazyView(() =>
  import('../features/auth/second-step-form').then((module) => module.SecondStepForm),
);
const passkeyApi = () => import('../lib/passkey-api').then((module) => module.passkeyApi);

export default function LoginScreen() {
  const answer = useText(answersText);
  const authText = useText(authScreensText);
  const { language } = useLanguage();
  useDocumentTitle(authText.common.logIn);
  const { loggedIn, signIn } = useAuth();
  const navigate = useNavigate();
  const form = useZodForm(loginBodySchema, { email: '', password: '' });
  /** The second step's challenge, once the password was right (issue 27). */
  const [challenge, setChallenge] = useState<{
    challenge: string;
    factorKinds: SecondFactorKind[];
  } | null>(null);
  const signedIn = (user: SessionUser) => {
    signIn(user);
    void navigate('/posts', { replace: true });
  };

  const login = useMutation({
    mutationFn: async (body: LoginBody) => {
      const answer = await accountApi.login(body);
      // The step is drawn once its form and its words are here, with no wait shown mid-flow
      // (a failed load shows when the step is drawn, as a screen's would).
      if ('challenge' in answer) {
        await Promise.all([
          SecondStepForm.preload(),
          loadArea(secondStepText, language).catch(() => undefined),
        ]);
      }
      return answer;
    },
    onSuccess: (answer) => {
      if ('challenge' in answer) setChallenge(answer);
      else signedIn(answer.user);
    },
    onError: (error, body) => {
      if (error instanceof ApiError && error.verifyEmail) {
        // Right password, email not verified yet: the server has just mailed a new code.
        toast(errorMessage(error, answer.auth.emailNotVerified), { id: 'login-verify' });
        void navigate(verifyEmailPath(body.email));
        return;
      }
      // Said once, in the form's alert (no toast repeating it).
      const serverSide = error instanceof ApiError && error.status >= 500;
      form.showServerError(
        error,
        serverSide ? answer.http.internalError : answer.auth.invalidCredentials,
      );
    },
  });

  /** Sign-in without a password (issue 27): the browser's passkey prompt answers. */
  const passkeySignIn = useMutation({
    mutationFn: async () => (await passkeyApi()).signIn(),
    onSuccess: signedIn,
    onError: (error) => {
      if (error instanceof PasskeyPromptError) form.showFormError(answer.auth.passkeyCancelled);
      else form.showServerError(error, answer.auth.passkeyFailed);
    },
  });

  if (loggedIn) return <Navigate to="/posts" replace />;

  if (challenge) {
    return (
      <ScreenCard title={answer.auth.twoStepHeading}>
        <SecondStepForm
          challenge={challenge.challenge}
          factorKinds={challenge.factorKinds}
          onSignedIn={signedIn}
          onRestart={(message) => {
            setChallenge(null);
            form.showFormError(message);
          }}
        />
      </ScreenCard>
    );
  }

  return (
    <ScreenCard title={authText.common.logIn}>
      <form className="form" onSubmit={form.submit((body) => login.mutate(body))} noValidate>
        <TextField
          label={authText.fields.email}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          field={form.field('email')}
        />
        <TextField
          label={authText.fields.password}
          type="password"
          autoComplete="current-password"
          required
          field={form.field('password')}
        />
        {form.formError && <ErrorAlert>{form.formError}</ErrorAlert>}
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={login.isPending}
          aria-busy={login.isPending}
        >
          {authText.common.logIn}
        </button>
        {passkeysSupported() && (
          <button
            type="button"
            className="button button--secondary button--block"
            onClick={() => passkeySignIn.mutate()}
            disabled={passkeySignIn.isPending}
            aria-busy={passkeySignIn.isPending}
          >
            {answer.auth.signInWithPasskey}
          </button>
        )}
      </form>
      <ul className="card__links">
        <li>
          <Link to="/register">{authText.common.createAccount}</Link>
        </li>
        <li>
          <Link to="/forgotpassword">{authText.auth.forgotPassword}</Link>
        </li>
      </ul>
    </ScreenCard>
  );
}
