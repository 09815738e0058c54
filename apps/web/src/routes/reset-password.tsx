import {
  changePasswordBodySchema,
  isPasswordTooShort,
  statusOfDomainError,
  answers,
  sayTag,
} from '@adboard/shared';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { useDocumentTitle, useSite } from '../features/site/site-context';
import { ErrorAlert, StatusNotice } from '../features/ui/alert';
import { ScreenCard } from '../features/ui/screen-card';
import { TextField } from '../features/ui/text-field';
import { useZodForm, withFormRule } from '../features/ui/use-zod-form';
import { ApiError } from '../lib/api';
import { accountApi } from '../lib/account-api';
import { authScreensText, answersText } from '../i18n/areas';
import { useText } from '../i18n/language-context';

export default function ResetPasswordScreen() {
  const answer = useText(answersText);
  const authText = useText(authScreensText);
  useDocumentTitle(authText.titles.resetPassword);
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';
  const edit = params.get('edit')?.trim() ?? '';

  return (
    <ScreenCard title={authText.auth.resetTitle}>
      {email && edit ? (
        <ResetPasswordForm email={email} token={edit} />
      ) : (
        <LinkGone message={answer.auth.resetBadLink} email={email} />
      )}
    </ScreenCard>
  );
}

/** A link that cannot work (broken, used, expired): say so and offer a new one. */
function LinkGone({ message, email }: { message: string; email: string }) {
  const answer = useText(answersText);
  const again = email
    ? `/forgotpassword?${new URLSearchParams({ email }).toString()}`
    : '/forgotpassword';
  return (
    <>
      <ErrorAlert>{message}</ErrorAlert>
      <ul className="card__links">
        <li>
          <Link to={again}>{answer.auth.resetRequestNew}</Link>
        </li>
      </ul>
    </>
  );
}

/** The server's answer for a link that was used or has expired: retrying cannot help. */
function isLinkGone(error: unknown): boolean {
  return error instanceof ApiError && error.status === statusOfDomainError.gone;
}

/**
 * The change-password body's password with its confirmation: different entries are the
 * form's problem, a password under the site's minimum the password's.
 */
function newPasswordSchema(passwordMinLength: number) {
  return withFormRule(
    changePasswordBodySchema.pick({ password: true }).extend({ confirm: z.string() }),
    ({ password, confirm }) => {
      if (password !== confirm) return sayTag(answers.auth.resetMismatch);
      if (isPasswordTooShort(password, passwordMinLength)) {
        return {
          field: 'password',
          message: sayTag(answers.auth.passwordTooShort({ minLength: passwordMinLength })),
        };
      }
      return null;
    },
  );
}

function ResetPasswordForm({ email, token }: { email: string; token: string }) {
  const answer = useText(answersText);
  const authText = useText(authScreensText);
  const site = useSite();
  const schema = useMemo(() => newPasswordSchema(site.passwordMinLength), [site.passwordMinLength]);
  const form = useZodForm(schema, { password: '', confirm: '' });

  const change = useMutation({
    mutationFn: accountApi.changePassword,
    // The form says what failed, once, in its alert (no toast repeating it); a link
    // that is used or expired replaces the form (below).
    onError: (error) => {
      if (!isLinkGone(error)) form.showServerError(error, answer.auth.resetFailed);
    },
  });

  if (isLinkGone(change.error)) {
    return <LinkGone message={answer.auth.resetLinkGone} email={email} />;
  }

  if (change.isSuccess) {
    return (
      <>
        <StatusNotice>{answer.auth.resetDone}</StatusNotice>
        <p className="card__actions">
          <Link className="button button--primary" to="/login">
            {authText.common.logIn}
          </Link>
        </p>
      </>
    );
  }

  const onSubmit = form.submit(({ password }) => change.mutate({ email, password, token }));

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <p>
        {authText.fields.accountShown} <strong>{email}</strong>
      </p>
      <TextField
        label={authText.fields.newPassword}
        type="password"
        autoComplete="new-password"
        required
        field={form.field('password')}
      />
      <TextField
        label={authText.fields.confirmNewPassword}
        type="password"
        autoComplete="new-password"
        required
        field={form.field('confirm')}
      />
      {form.formError && <ErrorAlert>{form.formError}</ErrorAlert>}
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={change.isPending}
        aria-busy={change.isPending}
      >
        {authText.auth.changePassword}
      </button>
    </form>
  );
}
