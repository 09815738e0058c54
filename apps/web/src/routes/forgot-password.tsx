import { emailSchema, messages } from '@adboard/shared';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { useDocumentTitle } from '../features/site/site-context';
import { ErrorAlert, StatusNotice } from '../features/ui/alert';
import { ScreenCard } from '../features/ui/screen-card';
import { TextField } from '../features/ui/text-field';
import { ApiError, errorMessage } from '../lib/api';
import { accountApi } from '../lib/account-api';

/** Only a network failure or a rate limit says more than the catalogue's message. */
function forgotErrorText(error: unknown): string {
  if (error instanceof ApiError && (error.isNetworkError || error.status === 429)) {
    return errorMessage(error, messages.auth.forgotFailed);
  }
  return messages.auth.forgotFailed;
}

export default function ForgotPasswordScreen() {
  useDocumentTitle('Forgot password');
  const [email, setEmail] = useState('');
  const [emailProblem, setEmailProblem] = useState<string | undefined>();

  const reset = useMutation({
    mutationFn: accountApi.resetPassword,
    onSuccess: () => toast.dismiss('forgot-error'),
    onError: (error) => {
      toast.error(forgotErrorText(error), { id: 'forgot-error' });
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setEmailProblem(messages.rules.invalidEmail);
      return;
    }
    setEmailProblem(undefined);
    reset.mutate({ email: parsed.data });
  };

  return (
    <ScreenCard title="Forgot your password?">
      {reset.isSuccess ? (
        <StatusNotice>{messages.auth.forgotSent}</StatusNotice>
      ) : (
        <form className="form" onSubmit={onSubmit} noValidate>
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            required
            value={email}
            onValueChange={setEmail}
            error={emailProblem}
          />
          {reset.isError && <ErrorAlert>{forgotErrorText(reset.error)}</ErrorAlert>}
          <button
            type="submit"
            className="button button--primary button--block"
            disabled={reset.isPending}
            aria-busy={reset.isPending}
          >
            Send reset link
          </button>
        </form>
      )}
      <ul className="card__links">
        <li>
          <Link to="/login">Back to log in</Link>
        </li>
      </ul>
    </ScreenCard>
  );
}
