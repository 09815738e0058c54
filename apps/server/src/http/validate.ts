import { messages } from '@adboard/shared';
import type { z } from 'zod';
import { ValidationError } from '../domain/errors.js';

/** Parses outside input with a shared schema; failure becomes a 400 naming each field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  const first = Object.values(fields)[0];
  const single = Object.keys(fields).length === 1 && first ? first : messages.http.validationFailed;
  throw new ValidationError(single, fields);
}
