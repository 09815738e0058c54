import { describe, expect, it } from 'vitest';
import {
  catalogueProblems,
  compileText,
  messagesOf,
  placeholderNames,
  type CatalogueArea,
} from './catalogue.js';
import { catalogueAreas } from './catalogues/index.js';

/** A small area of texts written for this test: plurals, numbers, a select. */
const sample = {
  en: {
    photos: '{n, plural, one {# photo} other {# photos}}',
    total: 'Total: {amount, number}',
    contact: '{kind, select, call {Call} other {Text}} {name}',
    plain: 'Contact',
    group: { heading: 'Search' },
  },
  'fr-CA': {
    photos: '{n, plural, one {# photo} other {# photos}}',
    total: 'Total : {amount, number}',
    contact: '{kind, select, call {Appeler} other {Texto à}} {name}',
    plain: 'Contact',
    group: { heading: 'Recherche' },
  },
  es: {
    photos: '{n, plural, one {# foto} other {# fotos}}',
    total: 'Total: {amount, number}',
    contact: '{kind, select, call {Llamar a} other {Mensaje a}} {name}',
    plain: 'Contacto',
    group: { heading: 'Búsqueda' },
  },
} as const satisfies CatalogueArea<{
  photos: string;
  total: string;
  contact: string;
  plain: string;
  group: { heading: string };
}>;

describe('the catalogue in three languages', () => {
  it.each(Object.entries(catalogueAreas))(
    'area %s: every language has every key, each text parses with the English placeholders',
    (_name, area) => {
      expect(catalogueProblems(area)).toEqual([]);
    },
  );

  it('names a missing key, an extra key, a text that does not parse and other placeholders', () => {
    const broken = {
      en: { a: 'Hello {name}', b: 'Bye', c: '{n, plural, one {# ad} other {# ads}}' },
      'fr-CA': { a: 'Bonjour {nom}', c: '{n, plural, one {# annonce} other {# annonces}' },
      es: {
        a: 'Hola {name}',
        b: 'Adiós',
        c: '{n, plural, one {# anuncio} other {# anuncios}}',
        d: 'x',
      },
    };
    expect(catalogueProblems(broken)).toEqual([
      'fr-CA: a has {nom}, English {name}',
      'fr-CA: b is missing',
      'fr-CA: c does not parse',
      'es: d is not in English',
    ]);
  });

  it("finds placeholders inside a plural's and a select's branches, not their texts or #", () => {
    expect(placeholderNames(compileText('a', 'Plain text'))).toEqual([]);
    expect(
      placeholderNames(
        compileText(
          'b',
          '{n, plural, =0 {None} one {# by {name}} other {# in {kind, select, a {A} other {{city}}}}}',
        ),
      ),
    ).toEqual(['city', 'kind', 'n', 'name']);
  });

  it("says plurals by each language's rules: French says 0 and 1 in the singular", () => {
    const en = messagesOf(sample, 'en');
    const fr = messagesOf(sample, 'fr-CA');
    const es = messagesOf(sample, 'es');
    expect([0, 1, 2].map((n) => en.photos({ n }))).toEqual(['0 photos', '1 photo', '2 photos']);
    expect([0, 1, 1.5, 2].map((n) => fr.photos({ n }))).toEqual([
      '0 photo',
      '1 photo',
      '1,5 photo',
      '2 photos',
    ]);
    expect([0, 1, 2].map((n) => es.photos({ n }))).toEqual(['0 fotos', '1 foto', '2 fotos']);
  });

  it('prints a value as it is, backslash escapes included (the runtime would decode them)', () => {
    const name = String.raw`\u003cscript\u003e \x41 C:\new`;
    expect(messagesOf(sample, 'en').contact({ kind: 'call', name })).toBe(`Call ${name}`);
    expect(messagesOf(sample, 'fr-CA').contact({ kind: 'text', name })).toBe(`Texto à ${name}`);
    // Two values with backslashes, each in its place.
    const area = {
      en: { two: '{a} and {b}' },
      'fr-CA': { two: '{a} et {b}' },
      es: { two: '{a} y {b}' },
    } as const;
    expect(messagesOf(area, 'es').two({ a: String.raw`\u0041`, b: String.raw`\x42` })).toBe(
      String.raw`\u0041 y \x42`,
    );
  });

  it("formats numbers in the reader's language, and keeps the source's shape", () => {
    expect(messagesOf(sample, 'en').total({ amount: 60000.5 })).toBe('Total: 60,000.5');
    // Canadian French groups with a no-break space, and writes a decimal comma.
    expect(messagesOf(sample, 'fr-CA').total({ amount: 60000.5 })).toMatch(/^Total : 60\s000,5$/u);
    // Spanish as Latin America writes it (es-419), not Spain's '60.000,5'.
    expect(messagesOf(sample, 'es').total({ amount: 60000.5 })).toBe('Total: 60,000.5');
    const fr = messagesOf(sample, 'fr-CA');
    expect(fr.contact({ kind: 'call', name: 'Ada' })).toBe('Appeler Ada');
    expect(fr.plain).toBe('Contact');
    expect(fr.group.heading).toBe('Recherche');
  });
});
