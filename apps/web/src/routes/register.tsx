import { messages, registerFormProblem } from '@adboard/shared';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { fieldErrors, verifyEmailPath } from '../features/auth/field-errors';
import { useDocumentTitle, useSite } from '../features/site/site-context';
import { ErrorAlert } from '../features/ui/alert';
import { ScreenCard } from '../features/ui/screen-card';
import { TextField } from '../features/ui/text-field';
import { api, errorMessage } from '../lib/api';

export default function RegisterScreen() {
  useDocumentTitle('Register');
  const site = useSite();
  const navigate = useNavigate();
  const termsId = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [terms, setTerms] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const register = useMutation({
    mutationFn: api.register,
    onSuccess: (_result, body) => {
      void navigate(verifyEmailPath(body.email));
    },
    onError: (error) => {
      const text = errorMessage(error, messages.auth.registerFailed);
      setProblem(text);
      toast.error(text, { id: 'register-error' });
    },
  });

  const ready = terms && email.trim() !== '' && password !== '';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!ready) return;
    const form = { email: email.trim(), password, confirm };
    const formProblem = registerFormProblem(form, site.passwordMinLength);
    if (formProblem) {
      setProblem(formProblem);
      return;
    }
    setProblem(null);
    register.mutate({ email: form.email, password });
  };

  const fields = fieldErrors(register.error);
  return (
    <ScreenCard title="Create an account">
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
          autoComplete="new-password"
          required
          value={password}
          onValueChange={setPassword}
          error={fields.password}
        />
        <TextField
          label="Confirm password"
          type="password"
          name="confirm"
          autoComplete="new-password"
          required
          value={confirm}
          onValueChange={setConfirm}
        />
        <div className="check">
          <input
            id={termsId}
            type="checkbox"
            className="check__input"
            checked={terms}
            onChange={(event) => setTerms(event.target.checked)}
          />
          <label htmlFor={termsId} className="check__label">
            I have read and understand rules and terms and conditions on this site
          </label>
        </div>
        {problem && <ErrorAlert>{problem}</ErrorAlert>}
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={!ready || register.isPending}
          aria-busy={register.isPending}
        >
          Register
        </button>
      </form>
      <ul className="card__links">
        <li>
          Already have an account? <Link to="/login">Log in</Link>
        </li>
      </ul>
    </ScreenCard>
  );
}
