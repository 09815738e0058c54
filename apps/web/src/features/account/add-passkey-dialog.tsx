import { accountMessages } from '@adboard/shared';
import { passkeyApi } from '../../lib/passkey-api';
import { PasskeyPromptError } from '../../lib/passkey-support';
import { ErrorAlert } from '../ui/alert';
import { Dialog, DialogButtons } from '../ui/dialog';
import { TextField } from '../ui/text-field';
import { useZodForm } from '../ui/use-zod-form';
import { ProofFields } from './proof-fields';
import { proofOf, renameFormSchema } from './reauth';

const text = accountMessages.twoStep;
const passkeys = accountMessages.passkeys;

/**
 * Adding a passkey (issue 27): its name and the password or a current code asked
 * again, then the browser's own passkey prompt (fingerprint, face, PIN or a phone).
 */
export function AddPasskeyDialog({
  onClose,
  onDone,
}: {
  onClose: () => void;
  onDone: (recoveryCodes: string[] | undefined) => Promise<void>;
}) {
  const form = useZodForm(renameFormSchema, { name: passkeys.defaultName, password: '', code: '' });
  const busy = form.formState.isSubmitting;
  const send = form.submit(async (values) => {
    try {
      await onDone(await passkeyApi.add({ name: values.name, ...proofOf(values) }));
    } catch (error) {
      if (error instanceof PasskeyPromptError) form.showFormError(passkeys.cancelled);
      else form.showServerError(error, passkeys.failed);
    }
  });
  return (
    <Dialog title={passkeys.add} description={passkeys.intro} onClose={onClose} busy={busy}>
      <form className="form" onSubmit={send} noValidate>
        <TextField label={passkeys.nameLabel} autoComplete="off" field={form.field('name')} />
        <p className="two-step__reauth">{text.reauthIntro}</p>
        <ProofFields password={form.field('password')} code={form.field('code')} />
        {form.formError && <ErrorAlert>{form.formError}</ErrorAlert>}
        <DialogButtons
          cancelLabel={text.cancel}
          actionLabel={passkeys.create}
          busy={busy}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
