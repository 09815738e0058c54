import { accountMessages } from '@adboard/shared';
import { TextField } from '../ui/text-field';
import type { RegisteredField } from '../ui/use-zod-form';
import { useSay } from '../../i18n/language-context';

const text = accountMessages.twoStep;

/** The password, or a code of the app, asked again. */
export function ProofFields({
  password,
  code,
}: {
  password: RegisteredField;
  code: RegisteredField;
}) {
  const say = useSay();
  return (
    <>
      <TextField
        label={say(text.currentPassword)}
        type="password"
        autoComplete="current-password"
        field={password}
      />
      <TextField
        label={say(text.currentCode)}
        autoComplete="one-time-code"
        inputMode="numeric"
        spellCheck={false}
        field={code}
      />
    </>
  );
}
