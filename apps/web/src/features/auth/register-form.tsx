import { registerBodySchema, registerFormProblem } from '@adboard/shared';
import { useMutation } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { accountApi } from '../../lib/account-api';
import { useSite } from '../site/site-context';
import { ErrorAlert } from '../ui/alert';
import { TextField } from '../ui/text-field';
import { useZodForm, withFormRule } from '../ui/use-zod-form';
import { useAuth } from './auth-context';
import { verifyEmailPath } from './verify-email-path';
import { authScreensText, answersText, adsText } from '../../i18n/areas';
import { useText } from '../../i18n/language-context';

/**
 * The register body's email and password, with the form's confirmation and terms; the
 * site's minimum length and the matching entries are the shared register rule, whose
 * one catalogue message is the form's problem.
 */
function registerFormSchema(passwordMinLength: number) {
  return withFormRule(
    registerBodySchema
      .pick({ email: true, password: true })
      .extend({ confirm: z.string(), terms: z.boolean() }),
    (form) => registerFormProblem(form, passwordMinLength),
  );
}

interface RegisterFormProps {
  /** The email of an emailed link: shown read-only instead of typed. */
  fixedEmail?: string;
  /** An anonymously posted ad's edit token: registering attaches that ad. */
  token?: string;
  /** The catalogue message when the server gives no reason. */
  failureMessage: string;
  submitLabel: string;
}

/**
 * Email, password, confirmation and the terms checkbox; the button stays disabled
 * until the terms, email and password are filled (SPEC.md section 2). Success goes
 * to /verifyemail for the emailed code, or, when the server signed the new account
 * in at once (completed registration of an ad whose email was already proven),
 * stores the session and goes to /posts.
 */
export function RegisterForm({
  fixedEmail,
  token,
  failureMessage,
  submitLabel,
}: RegisterFormProps) {
  const answer = useText(answersText);
  const authText = useText(authScreensText);
  const adsWords = useText(adsText);
  const site = useSite();
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const termsId = useId();
  const schema = useMemo(
    () => registerFormSchema(site.passwordMinLength),
    [site.passwordMinLength],
  );
  const form = useZodForm(schema, {
    email: fixedEmail ?? '',
    password: '',
    confirm: '',
    terms: false,
  });
  const [email, password, terms] = useWatch({
    control: form.control,
    name: ['email', 'password', 'terms'],
  });

  const register = useMutation({
    mutationFn: accountApi.register,
    onSuccess: (signedIn, body) => {
      if (!signedIn) {
        void navigate(verifyEmailPath(body.email));
        return;
      }
      // Completed registration whose ad had already proved the email: no code needed.
      signIn(signedIn);
      toast.success(answer.auth.verifySuccess);
      void navigate('/posts', { replace: true });
    },
    // The form says what failed, once, in its alert (no toast repeating it).
    onError: (error) => form.showServerError(error, failureMessage),
  });

  const ready = terms === true && email.trim() !== '' && password !== '';
  const onSubmit = form.submit((values) =>
    register.mutate({
      email: values.email,
      password: values.password,
      ...(token ? { token } : {}),
    }),
  );

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <TextField
        label={authText.fields.email}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        readOnly={fixedEmail !== undefined}
        field={form.field('email')}
      />
      <TextField
        label={authText.fields.password}
        type="password"
        autoComplete="new-password"
        required
        field={form.field('password')}
      />
      <TextField
        label={authText.fields.confirmPassword}
        type="password"
        autoComplete="new-password"
        required
        field={form.field('confirm')}
      />
      <div className="check">
        <input id={termsId} type="checkbox" className="check__input" {...form.register('terms')} />
        <label htmlFor={termsId} className="check__label">
          {adsWords.wizard.rulesAccept}
        </label>
      </div>
      {/* A new tab, so the form keeps what was typed. */}
      <p className="check__more">
        <a href="/terms" target="_blank" rel="noopener">
          {answer.auth.readTerms}
        </a>
      </p>
      {form.formError && <ErrorAlert>{form.formError}</ErrorAlert>}
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={!ready || register.isPending}
        aria-busy={register.isPending}
      >
        {submitLabel}
      </button>
    </form>
  );
}
