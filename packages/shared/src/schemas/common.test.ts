import { describe, expect, it } from 'vitest';
import { messagesOf } from '../i18n/catalogue.js';
import { catalogueAreas } from '../i18n/catalogues/index.js';
import { sayIn } from '../i18n/catalogues/say.js';
import { emailSchema, textSchema } from './common.js';

const answersEn = messagesOf(catalogueAreas.answers, 'en');

const refusal = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => sayIn('en', issue.message));

describe('textSchema: the one rule for control characters in text from outside', () => {
  const line = textSchema({ error: 'Required.' }).min(1, { error: 'Required.' }).max(8);
  const text = textSchema({ lines: 'many' });

  it('refuses NUL, the other C0 controls, DEL and C1 controls with one message, before other rules', () => {
    for (const control of ['\u0000', '\u0001', '\u001b', '\u007f', '\u0085', '\u009f']) {
      expect(refusal(line.safeParse(`a${control}b`))).toEqual([answersEn.rules.controlCharacters]);
      expect(refusal(text.safeParse(`a${control}b`))).toEqual([answersEn.rules.controlCharacters]);
    }
    // Too long as well: the control-character message alone is shown.
    expect(refusal(line.safeParse('abcdefghij\u0000'))).toEqual([
      answersEn.rules.controlCharacters,
    ]);
  });

  it('trims whitespace around a line silently and refuses line breaks and tabs inside it', () => {
    expect(line.parse('\t Jade\r\n')).toBe('Jade');
    expect(refusal(line.safeParse('Ja\nde'))).toEqual([answersEn.rules.controlCharacters]);
    expect(refusal(line.safeParse('Ja\tde'))).toEqual([answersEn.rules.controlCharacters]);
  });

  it('keeps line breaks and tabs inside a text of several lines', () => {
    expect(text.parse(' one\r\n\ttwo\n')).toBe('one\r\n\ttwo');
  });

  it('leaves a password untrimmed when asked', () => {
    expect(textSchema({ trim: false }).parse(' pass word ')).toBe(' pass word ');
  });

  it('refuses a control character in an email with the same message', () => {
    expect(refusal(emailSchema.safeParse('a\u0000b@example.com'))).toEqual([
      answersEn.rules.controlCharacters,
    ]);
  });
});
