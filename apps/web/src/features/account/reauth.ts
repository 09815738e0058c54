import {
  accountMessages,
  factorNameSchema,
  reauthBodySchema,
  totpCodeSchema,
  sayTag,
} from '@adboard/shared';
import { z } from 'zod';
import { withFormRule } from '../ui/use-zod-form';
import type { ReauthInput } from '../../lib/second-factor-api';

/** The re-authentication's two fields as a form holds them: either may stay empty. */
const reauthFields = { password: z.string(), code: z.string() };

/** What the form's two fields send: the code when one is typed, else the password. */
export function proofOf(values: { password: string; code: string }): ReauthInput {
  return values.code.trim() !== '' ? { code: values.code } : { password: values.password };
}

/** The shared rule (exactly one proof, of its shape), on what the form would send. */
function reauthRule(values: { password: string; code: string }) {
  // Both empty is neither proof, which the shared rule names as such.
  const checked = reauthBodySchema.safeParse(
    values.password === '' && values.code.trim() === '' ? {} : proofOf(values),
  );
  if (checked.success) return null;
  const issue = checked.error.issues[0];
  return {
    message: issue?.message ?? sayTag(accountMessages.twoStep.reauthRequired),
    field: issue?.path[0] === 'code' ? ('code' as const) : ('password' as const),
  };
}

/** Remove an app, new recovery codes: the proof only. */
export const reauthFormSchema = withFormRule(z.object(reauthFields), reauthRule);

/** Rename an app: its new name and the proof. */
export const renameFormSchema = withFormRule(
  z.object({ name: factorNameSchema, ...reauthFields }),
  reauthRule,
);

/** Turn a new app on: its name, its first code and the proof. */
export const setupFormSchema = withFormRule(
  z.object({ name: factorNameSchema, newCode: totpCodeSchema, ...reauthFields }),
  reauthRule,
);
