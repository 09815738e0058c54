import { describe, expect, it } from 'vitest';
import { chooseLanguagePath, pagePath, safePagePath } from './page-paths.js';

describe("the public pages' addresses per language", () => {
  it('puts a path under its language prefix, its query kept', () => {
    expect(pagePath('fr-CA', '/')).toBe('/fr/');
    expect(pagePath('es', '/?page=2&q=spa')).toBe('/es/?page=2&q=spa');
    expect(pagePath('en', '/ads/details/7')).toBe('/en/ads/details/7');
  });

  it("sends the language menu's reader back only to a page of this host", () => {
    expect(safePagePath('/ads/details/7')).toBe('/ads/details/7');
    expect(safePagePath('/?q=a%20b&page=2')).toBe('/?q=a%20b&page=2');
    for (const stranger of [
      'https://evil.example/',
      '//evil.example/',
      '/\\evil.example',
      'javascript:alert(1)',
      '/\u0000',
      '',
      undefined,
      ['/'],
      `/${'a'.repeat(3000)}`,
    ]) {
      expect(safePagePath(stranger)).toBe('/');
    }
  });

  it('links the menu through the choice, the page kept in its query', () => {
    expect(chooseLanguagePath('es', '/?page=2')).toBe('/language/es?next=%2F%3Fpage%3D2');
  });
});
