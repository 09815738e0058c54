import { z } from 'zod';
import { limits } from '../limits.js';
import { answers } from '../i18n/catalogues/answers/index.js';
import { tagsOf } from '../i18n/said.js';

const rules = tagsOf(answers.rules);

/** Control characters (Unicode Cc: C0, DEL and C1). */
const controlInLine = /\p{Cc}/u;
/** The same but tab, line feed and carriage return, which text of several lines keeps. */
const controlInText = /(?![\t\n\r])\p{Cc}/u;

/**
 * Every text field from outside starts here. Control characters are refused with one
 * message: PostgreSQL rejects NUL in text (it answered 500), and the others are
 * invisible. Whitespace around the text, line breaks and tabs included, is trimmed
 * first (silently), unless `trim: false` (passwords, HTML); `lines: 'many'` keeps
 * line breaks and tabs inside (reasons, notes, report details, the description).
 * The check runs first and stops the others, so its message is the one shown.
 */
export function textSchema(
  options: { lines?: 'one' | 'many'; trim?: boolean; error?: string } = {},
): z.ZodString {
  const base = options.error === undefined ? z.string() : z.string({ error: options.error });
  const trimmed = options.trim === false ? base : base.trim();
  const control = options.lines === 'many' ? controlInText : controlInLine;
  return trimmed.refine((text) => !control.test(text), {
    error: rules.controlCharacters,
    abort: true,
  });
}

export const emailSchema = textSchema({ error: rules.invalidEmail })
  .max(limits.emailMaxLength, { error: rules.invalidEmail })
  .pipe(z.email({ error: rules.invalidEmail }));

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
