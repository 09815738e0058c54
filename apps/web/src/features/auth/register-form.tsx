import { adMessages, messages, registerFormProblem } from '@adboard/shared';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api';
import { accountApi } from '../../lib/account-api';
import { useSite } from '../site/site-context';
import { ErrorAlert } from '../ui/alert';
import { TextField } from '../ui/text-field';
import { useAuth } from './auth-context';
import { fieldErrors, verifyEmailPath } from './field-errors';

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
  const site = useSite();
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const termsId = useId();
  const [typedEmail, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [terms, setTerms] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const email = fixedEmail ?? typedEmail;

  const register = useMutation({
    mutationFn: accountApi.register,
    onSuccess: (signedIn, body) => {
      toast.dismiss('register-error');
      if (!signedIn) {
        void navigate(verifyEmailPath(body.email));
        return;
      }
      // Completed registration whose ad had already proved the email: no code needed.
      signIn(signedIn);
      toast.success(messages.auth.verifySuccess);
      void navigate('/posts', { replace: true });
    },
    onError: (error) => {
      const text = errorMessage(error, failureMessage);
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
    register.mutate({ email: form.email, password, ...(token ? { token } : {}) });
  };

  const fields = fieldErrors(register.error);
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        readOnly={fixedEmail !== undefined}
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
          {adMessages.wizard.rulesAccept}
        </label>
      </div>
      {problem && <ErrorAlert>{problem}</ErrorAlert>}
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
