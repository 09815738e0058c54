import { messages } from '@adboard/shared';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle, useSite } from '../features/site/site-context';
import { ErrorAlert, StatusNotice } from '../features/ui/alert';
import { ScreenCard } from '../features/ui/screen-card';
import { TextField } from '../features/ui/text-field';
import { errorMessage } from '../lib/api';
import { accountApi } from '../lib/account-api';

export default function ResetPasswordScreen() {
  useDocumentTitle('Reset password');
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';
  const edit = params.get('edit')?.trim() ?? '';

  return (
    <ScreenCard title="Reset your password">
      {email && edit ? (
        <ResetPasswordForm email={email} token={edit} />
      ) : (
        <>
          <ErrorAlert>{messages.auth.resetBadLink}</ErrorAlert>
          <ul className="card__links">
            <li>
              <Link to="/forgotpassword">Request a new link</Link>
            </li>
          </ul>
        </>
      )}
    </ScreenCard>
  );
}

function ResetPasswordForm({ email, token }: { email: string; token: string }) {
  const site = useSite();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const change = useMutation({
    mutationFn: accountApi.changePassword,
    onSuccess: () => {
      toast.dismiss('reset-error');
      setProblem(null);
    },
    onError: (error) => {
      const text = errorMessage(error, messages.auth.resetFailed);
      setProblem(text);
      toast.error(text, { id: 'reset-error' });
    },
  });

  if (change.isSuccess) {
    return (
      <>
        <StatusNotice>{messages.auth.resetDone}</StatusNotice>
        <p className="card__actions">
          <Link className="button button--primary" to="/login">
            Log in
          </Link>
        </p>
      </>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password === '') {
      setProblem(messages.rules.requiredField);
    } else if (password !== confirm) {
      setProblem(messages.auth.resetMismatch);
    } else if (password.length < site.passwordMinLength) {
      setProblem(messages.auth.passwordTooShort(site.passwordMinLength));
    } else {
      setProblem(null);
      change.mutate({ email, password, token });
    }
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <p>
        Account: <strong>{email}</strong>
      </p>
      <TextField
        label="New password"
        type="password"
        name="password"
        autoComplete="new-password"
        required
        value={password}
        onValueChange={setPassword}
      />
      <TextField
        label="Confirm new password"
        type="password"
        name="confirm"
        autoComplete="new-password"
        required
        value={confirm}
        onValueChange={setConfirm}
      />
      {problem && <ErrorAlert>{problem}</ErrorAlert>}
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={change.isPending}
        aria-busy={change.isPending}
      >
        Change password
      </button>
    </form>
  );
}
