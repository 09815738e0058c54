import {
  accountMessages,
  accountPasswordBodySchema,
  isPasswordTooShort,
  answers,
  sayTag,
} from '@adboard/shared';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { accountCredentialsApi } from '../../lib/account-credentials-api';
import { useSignOutOnUnauthorized } from '../auth/use-sign-out-on-unauthorized';
import { useSite } from '../site/site-context';
import { ErrorAlert } from '../ui/alert';
import { TextField } from '../ui/text-field';
import { useZodForm, withFormRule } from '../ui/use-zod-form';
import './account-forms.css';
import { useSay } from '../../i18n/language-context';

const text = accountMessages.password;

/** The shared body with the new password's confirmation and the site's minimum length. */
function passwordFormSchema(minLength: number) {
  return withFormRule(
    accountPasswordBodySchema.extend({ confirm: z.string() }),
    ({ newPassword, confirm }) => {
      if (isPasswordTooShort(newPassword, minLength)) {
        return {
          field: 'newPassword',
          message: sayTag(answers.auth.passwordTooShort({ minLength })),
        };
      }
      if (newPassword !== confirm) return { field: 'confirm', message: sayTag(text.mismatch) };
      return null;
    },
  );
}

/**
 * The account page's "Password" (issue 27): the current password and the new one twice.
 * The server refuses a wrong current password (counted as a failed sign-in) and a
 * common one under their fields; on success every other session has ended.
 */
export function PasswordSection() {
  const say = useSay();
  const site = useSite();
  const schema = useMemo(
    () => passwordFormSchema(site.passwordMinLength),
    [site.passwordMinLength],
  );
  const empty = { currentPassword: '', newPassword: '', confirm: '' };
  const form = useZodForm(schema, empty);
  const change = useMutation({
    mutationFn: accountCredentialsApi.changePassword,
    onSuccess: () => {
      form.reset(empty);
      toast.success(say(text.changed));
    },
    onError: (error) => form.showServerError(error, say(text.failed)),
  });
  useSignOutOnUnauthorized(change.error);

  const onSubmit = form.submit(({ currentPassword, newPassword }) =>
    change.mutate({ currentPassword, newPassword }),
  );

  return (
    <section className="account-section" aria-labelledby="account-password-heading">
      <h2 id="account-password-heading">{say(text.heading)}</h2>
      <p className="account__intro">{say(text.intro)}</p>
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label={say(text.current)}
          type="password"
          autoComplete="current-password"
          required
          field={form.field('currentPassword')}
        />
        <TextField
          label={say(text.new)}
          type="password"
          autoComplete="new-password"
          required
          field={form.field('newPassword')}
        />
        <TextField
          label={say(text.confirm)}
          type="password"
          autoComplete="new-password"
          required
          field={form.field('confirm')}
        />
        {form.formError && <ErrorAlert>{form.formError}</ErrorAlert>}
        <p className="card__actions card__actions--start">
          <button
            type="submit"
            className="button button--primary"
            disabled={change.isPending}
            aria-busy={change.isPending}
          >
            {say(text.submit)}
          </button>
        </p>
      </form>
    </section>
  );
}
