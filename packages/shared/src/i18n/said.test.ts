import { describe, expect, it } from 'vitest';
import { messagesOf } from './catalogue.js';
import { answers } from './catalogues/answers/index.js';
import { catalogueAreas } from './catalogues/index.js';
import { sayAllIn, sayIn } from './catalogues/say.js';
import { waitSaid } from './wait.js';
import { mapSayings, saidOf, saidOfTag, sayingsOf, sayTag, sayWith, tagsOf } from './said.js';

const french = messagesOf(catalogueAreas.answers, 'fr-CA');
const spanish = messagesOf(catalogueAreas.answers, 'es');

describe('named texts (Said), said in the reader’s language', () => {
  it('names each text of an area by its key; a text with placeholders takes their values', () => {
    expect(answers.auth.invalidCredentials).toEqual({
      area: 'answers',
      key: 'auth.invalidCredentials',
    });
    expect(answers.auth.passwordTooShort({ minLength: 8 })).toEqual({
      area: 'answers',
      key: 'auth.passwordTooShort',
      values: { minLength: 8 },
    });
  });

  it('says a named text in each language, its values filled', () => {
    expect(sayIn('fr-CA', answers.auth.invalidCredentials)).toBe(french.auth.invalidCredentials);
    expect(sayIn('es', answers.auth.passwordTooShort({ minLength: 12 }))).toBe(
      spanish.auth.passwordTooShort({ minLength: 12 }),
    );
    expect(sayIn('es', answers.auth.passwordTooShort({ minLength: 12 }))).toContain('12');
  });

  it('says a named value (a wait in words) in the same language as its text', () => {
    const refusal = answers.http.tooManyRequests({ wait: waitSaid(119) });
    expect(sayIn('en', refusal)).toBe('Too many attempts. Please try again in 2 minutes.');
    expect(sayIn('fr-CA', refusal)).toBe(french.http.tooManyRequests({ wait: '2 minutes' }));
    expect(sayIn('es', answers.http.tooManyRequests({ wait: waitSaid(1) }))).toBe(
      spanish.http.tooManyRequests({ wait: '1 segundo' }),
    );
  });

  it('carries a named text through a string (a schema message) and back', () => {
    const tag = sayTag(answers.auth.passwordTooLong({ maxLength: 256 }));
    expect(saidOfTag(tag)).toEqual(answers.auth.passwordTooLong({ maxLength: 256 }));
    expect(sayIn('fr-CA', tag)).toBe(french.auth.passwordTooLong({ maxLength: 256 }));
    expect(tag).not.toContain('Your password');
  });

  it('says plain words as they are, and a broken tag is not taken for a name', () => {
    expect(sayIn('fr-CA', 'Please enter a title.')).toBe('Please enter a title.');
    expect(saidOf('Please enter a title.')).toBeNull();
    const broken = sayTag(answers.auth.invalidCredentials).slice(0, -2);
    expect(saidOfTag(broken)).toBeNull();
  });

  it('says a name no area has as its key, never throwing', () => {
    expect(sayIn('en', { area: 'answers', key: 'auth.noSuchText' })).toBe(
      'answers.auth.noSuchText',
    );
    expect(sayIn('en', { area: 'noSuchArea', key: 'x' })).toBe('noSuchArea.x');
    expect(sayIn('en', { area: 'answers', key: 'auth' })).toBe('answers.auth');
  });

  it('builds the names of any area from its English source', () => {
    const names = sayingsOf('demo', { a: 'Plain', b: { c: 'With {n}' } } as const);
    expect(names.a).toEqual({ area: 'demo', key: 'a' });
    expect(names.b.c({ n: 2 })).toEqual({ area: 'demo', key: 'b.c', values: { n: 2 } });
    expect(
      sayWith(names.b.c({ n: 2 }), (_area, key) =>
        key === 'b.c' ? (values) => `With ${String(values.n)}` : undefined,
      ),
    ).toBe('With 2');
  });

  it('walks a group of named texts, nested, into any kind of leaf by the same keys', () => {
    const names = sayingsOf('demo', { a: 'Plain', b: { c: 'With {n}' } } as const);
    const keys = mapSayings(names, (said) => said.key);
    expect(keys.a).toBe('a');
    expect(keys.b.c({ n: 2 })).toBe('b.c');
    const tags = tagsOf(names);
    expect(saidOfTag(tags.a)).toEqual(names.a);
    expect(saidOfTag(tags.b.c({ n: 2 }))).toEqual(names.b.c({ n: 2 }));
  });

  it('says a whole group in one language, a text with placeholders given their values', () => {
    const english = sayAllIn('en', answers.auth);
    expect(english.invalidCredentials).toBe(sayIn('en', answers.auth.invalidCredentials));
    expect(english.passwordTooShort({ minLength: 12 })).toBe(
      sayIn('en', answers.auth.passwordTooShort({ minLength: 12 })),
    );
    expect(sayAllIn('fr-CA', answers.auth).invalidCredentials).toBe(french.auth.invalidCredentials);
  });
});
