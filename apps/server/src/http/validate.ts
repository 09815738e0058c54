import { answers, sayTag, type Text } from '@adboard/shared';
import type { z } from 'zod';
import { ValidationError } from '../domain/errors.js';

/**
 * The message of an issue whose schema names none (a wrong type, an unknown option, a
 * bad format): the catalogue's, never zod's English default. A body that is not an
 * object at all (an array, a string) fails at the root.
 */
const catalogueMessage: z.core.$ZodErrorMap = (issue) =>
  sayTag(
    issue.path && issue.path.length > 0 ? answers.rules.invalidValue : answers.http.bodyNotObject,
  );

/**
 * Parses outside input with a shared schema; failure becomes a 400 naming each field.
 * The schemas' messages are named texts (tagged), said in the request's language by
 * the error handler.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {}, { error: catalogueMessage });
  if (result.success) return result.data;
  const fields: Record<string, Text> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  const first = Object.values(fields)[0];
  const single = Object.keys(fields).length === 1 && first ? first : answers.http.validationFailed;
  throw new ValidationError(single, fields);
}
