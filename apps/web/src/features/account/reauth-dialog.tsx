import {
  accountMessages,
  passwordAndFactorBodySchema,
  type PasswordAndFactorBody,
} from '@adboard/shared';
import { ErrorAlert } from '../ui/alert';
import { Dialog, DialogButtons } from '../ui/dialog';
import { TextField } from '../ui/text-field';
import { useZodForm } from '../ui/use-zod-form';
import { useSecondFactors } from './use-second-factors';

interface ReauthDialogProps {
  title: string;
  body: string;
  cancelLabel: string;
  submitLabel: string;
  /** The form's problem when a failed call gives no reason. */
  failureMessage: string;
  /** Sends the body; a failure shows in the dialog, which stays open. The owner closes it. */
  onSubmit: (body: PasswordAndFactorBody) => Promise<unknown>;
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
  const form = useZodForm(passwordAndFactorBodySchema);
  // An account with a second factor gives a current code as well (the server asks for it).
  const withCode = (useSecondFactors().data?.factors.length ?? 0) > 0;
  const busy = form.formState.isSubmitting;
  const send = form.submit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      form.showServerError(error, failureMessage);
    }
  });

  return (
    <Dialog title={title} description={body} onClose={onCancel} busy={busy}>
      <form className="form" onSubmit={send} noValidate>
        <TextField
          label={accountMessages.reauth.passwordLabel}
          type="password"
          autoComplete="current-password"
          field={form.field('password')}
        />
        {withCode && (
          <TextField
            label={accountMessages.twoStep.codeLabel}
            autoComplete="one-time-code"
            inputMode="numeric"
            field={form.field('code')}
          />
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
