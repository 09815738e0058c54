import {
  accountMessages,
  emailChangeBodySchema,
  emailChangeConfirmBodySchema,
} from '@adboard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { accountCredentialsApi } from '../../lib/account-credentials-api';
import { useAuth } from '../auth/auth-context';
import { useSignOutOnUnauthorized } from '../auth/use-sign-out-on-unauthorized';
import { StatusNotice, ErrorAlert } from '../ui/alert';
import { TextField } from '../ui/text-field';
import { useZodForm } from '../ui/use-zod-form';
import './account-forms.css';
import { useSay } from '../../i18n/language-context';

const text = accountMessages.email;

/**
 * The account page's "Email address" (issue 27): the new address and the current
 * password; then the code mailed to the new address. The account keeps its email
 * until the code is entered; the page then shows the new one.
 */
export function EmailSection() {
  const say = useSay();
  const [pending, setPending] = useState<string | null>(null);
  return (
    <section className="account-section" aria-labelledby="account-email-heading">
      <h2 id="account-email-heading">{say(text.heading)}</h2>
      {pending === null ? (
        <RequestStep onSent={setPending} />
      ) : (
        <ConfirmStep newEmail={pending} onDone={() => setPending(null)} />
      )}
    </section>
  );
}

function RequestStep({ onSent }: { onSent: (email: string) => void }) {
  const say = useSay();
  const form = useZodForm(emailChangeBodySchema, { email: '', password: '' });
  const request = useMutation({
    mutationFn: accountCredentialsApi.requestEmailChange,
    onSuccess: (_, body) => onSent(body.email),
    onError: (error) => form.showServerError(error, say(text.failed)),
  });
  useSignOutOnUnauthorized(request.error);

  return (
    <>
      <p className="account__intro">{say(text.intro)}</p>
      <form className="form" onSubmit={form.submit((body) => request.mutate(body))} noValidate>
        <TextField
          label={say(text.newEmail)}
          type="email"
          autoComplete="email"
          required
          field={form.field('email')}
        />
        <TextField
          label={say(text.password)}
          type="password"
          autoComplete="current-password"
          required
          field={form.field('password')}
        />
        {form.formError && <ErrorAlert>{form.formError}</ErrorAlert>}
        <p className="card__actions card__actions--start">
          <button
            type="submit"
            className="button button--primary"
            disabled={request.isPending}
            aria-busy={request.isPending}
          >
            {say(text.submit)}
          </button>
        </p>
      </form>
    </>
  );
}

function ConfirmStep({ newEmail, onDone }: { newEmail: string; onDone: () => void }) {
  const say = useSay();
  const auth = useAuth();
  const queryClient = useQueryClient();
  const form = useZodForm(emailChangeConfirmBodySchema, { code: '' });
  const confirm = useMutation({
    mutationFn: accountCredentialsApi.confirmEmailChange,
    onSuccess: (email) => {
      // The stored session names the account's email (the top bar shows it).
      if (auth.session && auth.userId) {
        auth.signIn({ token: auth.session, email, user_id: auth.userId });
      }
      void queryClient.invalidateQueries({ queryKey: ['account-sessions'] });
      toast.success(say(text.changed({ email })));
      onDone();
    },
    onError: (error) => form.showServerError(error, say(text.failed)),
  });
  useSignOutOnUnauthorized(confirm.error);

  return (
    <form className="form" onSubmit={form.submit((body) => confirm.mutate(body))} noValidate>
      <StatusNotice>{say(text.codeSent({ email: newEmail }))}</StatusNotice>
      <TextField
        label={say(text.code)}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
        field={form.field('code')}
      />
      {form.formError && <ErrorAlert>{form.formError}</ErrorAlert>}
      <p className="card__actions card__actions--start">
        <button
          type="submit"
          className="button button--primary"
          disabled={confirm.isPending}
          aria-busy={confirm.isPending}
        >
          {say(text.confirm)}
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          {say(text.cancel)}
        </button>
      </p>
    </form>
  );
}
