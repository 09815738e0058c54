import { catalogueAreas, messagesOf, sayIn, textSchema, type Text } from '@adboard/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ValidationError } from '../domain/errors.js';
import { parseInput } from './validate.js';

const answersEn = messagesOf(catalogueAreas.answers, 'en');

const schema = z.object({
  country: z.enum(['US', 'CA']),
  code: z.string().regex(/^\d{6}$/),
  title: textSchema({ error: 'Please enter a title.' }).min(1, { error: 'Please enter a title.' }),
});

function refusal(input: unknown): ValidationError {
  try {
    parseInput(schema, input);
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error('parsed');
}

describe('parseInput answers catalogue messages only', () => {
  it('names a field whose schema has no message of its own with the catalogue one', () => {
    const error = refusal({ country: 'FR', code: '12', title: 'Hello' });
    const fields = error.extra.fields as Record<string, Text>;
    expect(Object.keys(fields)).toEqual(['country', 'code']);
    expect(sayIn('en', fields.country ?? '')).toBe(answersEn.rules.invalidValue);
    expect(sayIn('fr-CA', fields.code ?? '')).toBe(
      messagesOf(catalogueAreas.answers, 'fr-CA').rules.invalidValue,
    );
    expect(error.message).toBe(answersEn.http.validationFailed);
  });

  it("keeps a field's own message, and the control-character one", () => {
    expect(refusal({ country: 'US', code: '123456' }).message).toBe('Please enter a title.');
    expect(refusal({ country: 'US', code: '123456', title: 'Hel\u0000lo' }).message).toBe(
      answersEn.rules.controlCharacters,
    );
  });

  it('refuses a body that is not an object with its own message', () => {
    for (const input of [[1, 2], 'text', 42]) {
      expect(refusal(input).message).toBe(answersEn.http.bodyNotObject);
    }
  });
});
