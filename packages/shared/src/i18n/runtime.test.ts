import { describe, expect, it } from 'vitest';
import { compileArea, type CatalogueSource } from './catalogue.js';
import { messagesFromCompiled, type MessageValues } from './runtime.js';
import type { Language } from './languages.js';

/** One text, compiled as the build and the server compile it, said in a language. */
function say(text: string, language: Language, values: MessageValues = {}): string {
  const source: CatalogueSource = { text };
  const messages = messagesFromCompiled<Record<string, unknown>>(compileArea(source), language);
  const said = messages.text;
  return typeof said === 'function' ? (said as (v: MessageValues) => string)(values) : String(said);
}

describe('the catalogue runtime (compiled ICU texts, formatted by Intl)', () => {
  const photos = '{n, plural, =0 {no photos} one {# photo} other {# photos}}';
  const photosFr = '{n, plural, =0 {aucune photo} one {# photo} other {# photos}}';

  it('chooses a plural by the language’s rules, an exact match first', () => {
    expect(say(photos, 'en', { n: 0 })).toBe('no photos');
    expect(say(photos, 'en', { n: 1 })).toBe('1 photo');
    expect(say(photos, 'en', { n: 2 })).toBe('2 photos');
    // French says one for 0 to 1.99: '1,5 photo', as the language has it.
    expect(say('{n, plural, one {# photo} other {# photos}}', 'fr-CA', { n: 1.5 })).toBe(
      '1,5 photo',
    );
    expect(say(photosFr, 'fr-CA', { n: 0 })).toBe('aucune photo');
  });

  it('writes a plural’s number and a number placeholder as the language writes numbers', () => {
    expect(say(photosFr, 'fr-CA', { n: 1200 })).toBe('1\u00a0200 photos');
    expect(say('{n, number}', 'en', { n: 1200.5 })).toBe('1,200.5');
    expect(say('{n, number}', 'es', { n: 1200.5 })).toBe('1,200.5');
    expect(say('{n, number, percent}', 'fr-CA', { n: 0.25 })).toBe('25\u00a0%');
  });

  it('chooses a select’s branch, other when none matches, and an ordinal by its rules', () => {
    const who = '{kind, select, agency {The agency} other {The advertiser}}';
    expect(say(who, 'en', { kind: 'agency' })).toBe('The agency');
    expect(say(who, 'en', { kind: 'person' })).toBe('The advertiser');
    const rank = '{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}';
    // A plural's number inside a select of its branch.
    const nested =
      '{n, plural, one {{kind, select, agency {# agency} other {# ad}}} other {{kind, select, agency {# agencies} other {# ads}}}}';
    expect(say(nested, 'en', { n: 2, kind: 'agency' })).toBe('2 agencies');
    expect(say(nested, 'fr-CA', { n: 1, kind: 'person' })).toBe('1 ad');
    expect([1, 2, 3, 4, 11].map((n) => say(rank, 'en', { n }))).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
    ]);
  });

  it('prints a value as it is: escapes and markup in a value are never decoded', () => {
    expect(say('Title: {title}', 'en', { title: '\\u003cscript\\u003e <b>' })).toBe(
      'Title: \\u003cscript\\u003e <b>',
    );
    expect(say('{a} and {a}', 'es', { a: 'x' })).toBe('x and x');
  });

  it('keeps an ICU-quoted apostrophe and a text without placeholders as they read', () => {
    expect(say("It''s {n}", 'en', { n: 3 })).toBe("It's 3");
    expect(say('Plain words', 'fr-CA')).toBe('Plain words');
  });
});
