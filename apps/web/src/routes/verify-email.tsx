import { messages, verifyEmailBodySchema } from '@adboard/shared';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../features/auth/auth-context';
import { useDocumentTitle } from '../features/site/site-context';
import { ErrorAlert } from '../features/ui/alert';
import { ScreenCard } from '../features/ui/screen-card';
import { TextField } from '../features/ui/text-field';
import { errorMessage } from '../lib/api';
import { accountApi } from '../lib/account-api';

export default function VerifyEmailScreen() {
  useDocumentTitle('Verify email');
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';

  return (
    <ScreenCard title="Verify your email">
      {email ? (
        <VerifyEmailForm email={email} />
      ) : (
        <>
          <ErrorAlert>{messages.auth.resetBadLink}</ErrorAlert>
          <ul className="card__links">
            <li>
              <Link to="/register">Create an account</Link>
            </li>
            <li>
              <Link to="/login">Log in</Link>
            </li>
          </ul>
        </>
      )}
    </ScreenCard>
  );
}

function VerifyEmailForm({ email }: { email: string }) {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const fail = (text: string) => {
    setProblem(text);
    toast.error(text, { id: 'verify-error' });
  };

  const verify = useMutation({
    mutationFn: accountApi.verifyEmail,
    onSuccess: (user) => {
      // The code was right in the end: the toast of a wrong one must not stay.
      toast.dismiss('verify-error');
      toast.dismiss('verify-resend-error');
      signIn(user);
      toast.success(messages.auth.verifySuccess);
      void navigate('/posts', { replace: true });
    },
    onError: (error) => fail(errorMessage(error, messages.auth.verifyCodeFailed)),
  });

  const resend = useMutation({
    mutationFn: accountApi.resendCode,
    onSuccess: () => {
      toast.dismiss('verify-resend-error');
      toast.success(messages.auth.verifyCodeSent, { id: 'verify-resent' });
    },
    onError: (error) => {
      toast.error(errorMessage(error, messages.http.internalError), { id: 'verify-resend-error' });
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = verifyEmailBodySchema.safeParse({ email, code });
    if (!body.success) {
      fail(messages.auth.verifyCodeFailed);
      return;
    }
    setProblem(null);
    verify.mutate(body.data);
  };

  return (
    <>
      <p>{messages.auth.registerCheckEmail}</p>
      <p className="verify-email">
        Email: <strong>{email}</strong>
      </p>
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label="6-digit code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          required
          className="field__input--code"
          value={code}
          onValueChange={(value) => setCode(value.replace(/\D/g, ''))}
        />
        {problem && <ErrorAlert>{problem}</ErrorAlert>}
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={verify.isPending}
          aria-busy={verify.isPending}
        >
          Verify
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
          Send a new code
        </button>
      </div>
    </>
  );
}
