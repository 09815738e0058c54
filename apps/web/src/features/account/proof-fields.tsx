import { accountMessages } from '@adboard/shared';
import { TextField } from '../ui/text-field';
import type { RegisteredField } from '../ui/use-zod-form';

const text = accountMessages.twoStep;

/** The password, or a code of the app, asked again. */
export function ProofFields({
  password,
  code,
}: {
  password: RegisteredField;
  code: RegisteredField;
}) {
  return (
    <>
      <TextField
        label={text.currentPassword}
        type="password"
        autoComplete="current-password"
        field={password}
      />
      <TextField
        label={text.currentCode}
        autoComplete="one-time-code"
        inputMode="numeric"
        spellCheck={false}
        field={code}
      />
    </>
  );
}
