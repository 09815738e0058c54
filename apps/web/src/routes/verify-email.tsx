import { verifyEmailBodySchema } from '@adboard/shared';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../features/auth/auth-context';
import { useDocumentTitle } from '../features/site/site-context';
import { ErrorAlert } from '../features/ui/alert';
import { ScreenCard } from '../features/ui/screen-card';
import { TextField } from '../features/ui/text-field';
import { useZodForm } from '../features/ui/use-zod-form';
import { errorMessage } from '../lib/api';
import { accountApi } from '../lib/account-api';
import { authScreensText, answersText } from '../i18n/areas';
import { useText } from '../i18n/language-context';

export default function VerifyEmailScreen() {
  const answer = useText(answersText);
  const authText = useText(authScreensText);
  useDocumentTitle(authText.titles.verifyEmail);
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';

  return (
    <ScreenCard title={authText.auth.verifyTitle}>
      {email ? (
        <VerifyEmailForm email={email} />
      ) : (
        <>
          <ErrorAlert>{answer.auth.resetBadLink}</ErrorAlert>
          <ul className="card__links">
            <li>
              <Link to="/register">{authText.common.createAccount}</Link>
            </li>
            <li>
              <Link to="/login">{authText.common.logIn}</Link>
            </li>
          </ul>
        </>
      )}
    </ScreenCard>
  );
}

/** The code of the verify body; the email is the link's. */
const codeSchema = verifyEmailBodySchema.pick({ code: true });

function VerifyEmailForm({ email }: { email: string }) {
  const answer = useText(answersText);
  const authText = useText(authScreensText);
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const form = useZodForm(codeSchema, { code: '' });

  const verify = useMutation({
    mutationFn: accountApi.verifyEmail,
    onSuccess: (user) => {
      // The code was right in the end: the toast of a failed resend must not stay.
      toast.dismiss('verify-resend-error');
      signIn(user);
      toast.success(answer.auth.verifySuccess);
      void navigate('/posts', { replace: true });
    },
    // Said once, in the form's alert (no toast repeating it).
    onError: (error) => form.showServerError(error, answer.auth.verifyCodeFailed),
  });

  const resend = useMutation({
    mutationFn: accountApi.resendCode,
    onSuccess: () => {
      toast.dismiss('verify-resend-error');
      toast.success(answer.auth.verifyCodeSent, { id: 'verify-resent' });
    },
    onError: (error) => {
      toast.error(errorMessage(error, answer.http.internalError), { id: 'verify-resend-error' });
    },
  });

  return (
    <>
      <p>{answer.auth.registerCheckEmail}</p>
      <p className="verify-email">
        {authText.fields.emailShown} <strong>{email}</strong>
      </p>
      <form
        className="form"
        onSubmit={form.submit(({ code }) => verify.mutate({ email, code }))}
        noValidate
      >
        <TextField
          label={authText.auth.codeLabel}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          required
          className="field__input--code"
          field={form.field('code')}
        />
        {form.formError && <ErrorAlert>{form.formError}</ErrorAlert>}
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={verify.isPending}
          aria-busy={verify.isPending}
        >
          {authText.auth.verify}
        </button>
      </form>
      <div className="card__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={resend.isPending}
          aria-busy={resend.isPending}
          onClick={() => resend.mutate({ email })}
        >
          {authText.auth.sendNewCode}
        </button>
      </div>
    </>
  );
}
