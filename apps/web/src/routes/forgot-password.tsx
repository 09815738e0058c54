import { resetPasswordBodySchema } from '@adboard/shared';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../features/site/site-context';
import { ErrorAlert, StatusNotice } from '../features/ui/alert';
import { ScreenCard } from '../features/ui/screen-card';
import { TextField } from '../features/ui/text-field';
import { useZodForm } from '../features/ui/use-zod-form';
import { ApiError, errorMessage } from '../lib/api';
import { accountApi } from '../lib/account-api';
import { authScreensText, answersText } from '../i18n/areas';
import { useText } from '../i18n/language-context';

/** Only a network failure or a rate limit says more than the catalogue's message. */
function forgotErrorText(error: unknown, failed: string): string {
  if (error instanceof ApiError && (error.isNetworkError || error.status === 429)) {
    return errorMessage(error, failed);
  }
  return failed;
}

export default function ForgotPasswordScreen() {
  const answer = useText(answersText);
  const authText = useText(authScreensText);
  useDocumentTitle(authText.titles.forgotPassword);
  // A used or expired reset link sends its address along (?email=): one click asks again.
  const [params] = useSearchParams();
  const form = useZodForm(resetPasswordBodySchema, { email: params.get('email')?.trim() ?? '' });

  const reset = useMutation({
    mutationFn: accountApi.resetPassword,
    onSuccess: () => toast.dismiss('forgot-error'),
    onError: (error) => {
      const text = forgotErrorText(error, answer.auth.forgotFailed);
      form.showFormError(text);
      toast.error(text, { id: 'forgot-error' });
    },
  });

  return (
    <ScreenCard title={authText.auth.forgotPassword}>
      {reset.isSuccess ? (
        <StatusNotice>{answer.auth.forgotSent}</StatusNotice>
      ) : (
        <form className="form" onSubmit={form.submit((body) => reset.mutate(body))} noValidate>
          <TextField
            label={authText.fields.email}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            field={form.field('email')}
          />
          {form.formError && <ErrorAlert>{form.formError}</ErrorAlert>}
          <button
            type="submit"
            className="button button--primary button--block"
            disabled={reset.isPending}
            aria-busy={reset.isPending}
          >
            {authText.auth.sendResetLink}
          </button>
        </form>
      )}
      <ul className="card__links">
        <li>
          <Link to="/login">{authText.auth.backToLogin}</Link>
        </li>
      </ul>
    </ScreenCard>
  );
}
