import { messages } from '@adboard/shared';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link, Navigate, useNavigate } from 'react-router';
import { useAuth } from '../features/auth/auth-context';
import { fieldErrors, verifyEmailPath } from '../features/auth/field-errors';
import { useDocumentTitle } from '../features/site/site-context';
import { ErrorAlert } from '../features/ui/alert';
import { ScreenCard } from '../features/ui/screen-card';
import { TextField } from '../features/ui/text-field';
import { ApiError, errorMessage } from '../lib/api';
import { accountApi } from '../lib/account-api';

export default function LoginScreen() {
  useDocumentTitle('Log in');
  const { loggedIn, signIn } = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const login = useMutation({
    mutationFn: accountApi.login,
    onSuccess: (user) => {
      // A failed try's toast says nothing true any more.
      toast.dismiss('login-error');
      signIn(user);
      void navigate('/posts', { replace: true });
    },
    onError: (error, body) => {
      if (error instanceof ApiError && error.verifyEmail) {
        // Right password, email not verified yet: the server has just mailed a new code.
        toast(errorMessage(error, messages.auth.emailNotVerified), { id: 'login-verify' });
        void navigate(verifyEmailPath(body.email));
        return;
      }
      const serverSide = error instanceof ApiError && error.status >= 500;
      const text = errorMessage(
        error,
        serverSide ? messages.http.internalError : messages.auth.invalidCredentials,
      );
      setProblem(text);
      toast.error(text, { id: 'login-error' });
    },
  });

  if (loggedIn) return <Navigate to="/posts" replace />;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    login.mutate({ email: email.trim(), password });
  };

  const fields = fieldErrors(login.error);
  return (
    <ScreenCard title="Log in">
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
          error={fields.email}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onValueChange={setPassword}
          error={fields.password}
        />
        {problem && <ErrorAlert>{problem}</ErrorAlert>}
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={login.isPending}
          aria-busy={login.isPending}
        >
          Log in
        </button>
      </form>
      <ul className="card__links">
        <li>
          <Link to="/register">Create an account</Link>
        </li>
        <li>
          <Link to="/forgotpassword">Forgot your password?</Link>
        </li>
      </ul>
    </ScreenCard>
  );
}
