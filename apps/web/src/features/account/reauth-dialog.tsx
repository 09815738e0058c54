import {
  accountMessages,
  passwordAndFactorBodySchema,
  secondStepMessages,
  type PasswordAndFactorInput,
} from '@adboard/shared';
import { useState } from 'react';
import { passkeyApi } from '../../lib/passkey-api';
import { PasskeyPromptError, passkeysSupported } from '../../lib/passkey-support';
import { ErrorAlert } from '../ui/alert';
import { Dialog, DialogButtons } from '../ui/dialog';
import { TextField } from '../ui/text-field';
import { useZodForm } from '../ui/use-zod-form';
import { useSecondFactors } from './use-second-factors';
import { useSay } from '../../i18n/language-context';

const passkeys = accountMessages.passkeys;

interface ReauthDialogProps {
  title: string;
  body: string;
  cancelLabel: string;
  submitLabel: string;
  /** The form's problem when a failed call gives no reason. */
  failureMessage: string;
  /** Sends the body; a failure shows in the dialog, which stays open. The owner closes it. */
  onSubmit: (body: PasswordAndFactorInput) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * The app's one Dialog asking for the password again (the data download, the deletion),
 * through the form layer and the shared `passwordAndFactorBodySchema`, with a field for a
 * current code when the account has a second factor.
 */
export function ReauthDialog({
  title,
  body,
  cancelLabel,
  submitLabel,
  failureMessage,
  onSubmit,
  onCancel,
}: ReauthDialogProps) {
  const say = useSay();
  const form = useZodForm(passwordAndFactorBodySchema);
  // An account with a second factor gives a current code as well (the server asks for it),
  // or, with a passkey, the passkey's answer instead of the code.
  const factors = useSecondFactors().data?.factors ?? [];
  const withCode = factors.length > 0;
  const withPasskey = factors.some((f) => f.kind === 'passkey') && passkeysSupported();
  const [asking, setAsking] = useState(false);
  const busy = form.formState.isSubmitting || asking;
  const send = form.submit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      form.showServerError(error, failureMessage);
    }
  });
  /** The password typed (the code field is not asked), and a passkey as the factor. */
  const sendWithPasskey = async () => {
    form.clearErrors();
    if (!(await form.trigger('password'))) return;
    setAsking(true);
    try {
      await onSubmit({
        password: form.getValues('password'),
        passkey: await passkeyApi.reauthProof(),
      });
    } catch (error) {
      if (error instanceof PasskeyPromptError) form.showFormError(say(passkeys.cancelled));
      else form.showServerError(error, failureMessage);
    } finally {
      setAsking(false);
    }
  };

  return (
    <Dialog title={title} description={body} onClose={onCancel} busy={busy}>
      <form className="form" onSubmit={send} noValidate>
        <TextField
          label={say(accountMessages.reauth.passwordLabel)}
          type="password"
          autoComplete="current-password"
          field={form.field('password')}
        />
        {withCode && (
          <TextField
            label={say(secondStepMessages.twoStep.codeLabel)}
            autoComplete="one-time-code"
            inputMode="numeric"
            field={form.field('code')}
          />
        )}
        {withPasskey && (
          <p className="card__actions card__actions--start">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void sendWithPasskey()}
              disabled={busy}
              aria-busy={asking}
            >
              {say(passkeys.confirmWithPasskey)}
            </button>
          </p>
        )}
        {form.formError && <ErrorAlert>{form.formError}</ErrorAlert>}
        <DialogButtons
          cancelLabel={cancelLabel}
          actionLabel={submitLabel}
          busy={busy}
          onCancel={onCancel}
        />
      </form>
    </Dialog>
  );
}
