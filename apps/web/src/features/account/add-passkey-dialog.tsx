import { accountMessages } from '@adboard/shared';
import { passkeyApi } from '../../lib/passkey-api';
import { PasskeyPromptError } from '../../lib/passkey-support';
import { ErrorAlert } from '../ui/alert';
import { Dialog, DialogButtons } from '../ui/dialog';
import { TextField } from '../ui/text-field';
import { useZodForm } from '../ui/use-zod-form';
import { ProofFields } from './proof-fields';
import { proofOf, renameFormSchema } from './reauth';
import { useSay } from '../../i18n/language-context';

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
  const say = useSay();
  const form = useZodForm(renameFormSchema, {
    name: say(passkeys.defaultName),
    password: '',
    code: '',
  });
  const busy = form.formState.isSubmitting;
  const send = form.submit(async (values) => {
    try {
      await onDone(await passkeyApi.add({ name: values.name, ...proofOf(values) }));
    } catch (error) {
      if (error instanceof PasskeyPromptError) form.showFormError(say(passkeys.cancelled));
      else form.showServerError(error, say(passkeys.failed));
    }
  });
  return (
    <Dialog
      title={say(passkeys.add)}
      description={say(passkeys.intro)}
      onClose={onClose}
      busy={busy}
    >
      <form className="form" onSubmit={send} noValidate>
        <TextField label={say(passkeys.nameLabel)} autoComplete="off" field={form.field('name')} />
        <p className="two-step__reauth">{say(text.reauthIntro)}</p>
        <ProofFields password={form.field('password')} code={form.field('code')} />
        {form.formError && <ErrorAlert>{form.formError}</ErrorAlert>}
        <DialogButtons
          cancelLabel={say(text.cancel)}
          actionLabel={say(passkeys.create)}
          busy={busy}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
