import { z } from 'zod';
import { limits } from '../limits.js';
import { messages } from '../messages.js';

export const emailSchema = z
  .string({ error: messages.rules.invalidEmail })
  .trim()
  .max(limits.emailMaxLength, { error: messages.rules.invalidEmail })
  .pipe(z.email({ error: messages.rules.invalidEmail }));

/** The `{ success, error }` shape every action answers with (DECISIONS.md). */
export const actionResultSchema = z.object({
  success: z.boolean(),
  error: z.string().optional(),
});

/** `{ success: true }`: the call did what it says. */
export const doneSchema = actionResultSchema.extend({ success: z.literal(true) });
export type ActionResult = z.infer<typeof actionResultSchema>;

/** A failed validation: the message and, per field, what is wrong with it. */
export const validationErrorSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  fields: z.record(z.string(), z.string()),
});
export type ValidationErrorBody = z.infer<typeof validationErrorSchema>;
