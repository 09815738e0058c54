import { describe, expect, it } from 'vitest';
import { normalizeBacklink } from './backlink-key.js';

describe('normalizeBacklink', () => {
  it.each([
    ['https://www.Example.com/', 'example.com'],
    ['http://example.com', 'example.com'],
    ['https://EXAMPLE.com./Escorts/', 'example.com/Escorts'],
    ['https://example.com/a//', 'example.com/a'],
    ['https://example.com/page?id=7&x=1#top', 'example.com/page?id=7&x=1'],
    ['https://example.com/page/?id=7', 'example.com/page?id=7'],
    ['https://user:pass@example.com/p', 'example.com/p'],
    ['https://example.com:8443/p', 'example.com:8443/p'],
    ['https://example.com:443/p', 'example.com/p'],
    ['  https://blog.example.com/p  ', 'blog.example.com/p'],
    ['https://wwwexample.com/', 'wwwexample.com'],
    ['https://bücher.example/', 'xn--bcher-kva.example'],
  ])('%s → %s', (url, key) => {
    expect(normalizeBacklink(url)).toBe(key);
  });

  it('gives http and https of one page, with or without www, the same key', () => {
    const keys = new Set(
      [
        'http://example.com/links',
        'https://example.com/links/',
        'https://www.example.com/links#us',
        'HTTPS://WWW.EXAMPLE.COM/links',
      ].map(normalizeBacklink),
    );
    expect(keys.size).toBe(1);
  });

  it('keeps different paths and queries apart', () => {
    expect(normalizeBacklink('https://example.com/a')).not.toBe(
      normalizeBacklink('https://example.com/A'),
    );
    expect(normalizeBacklink('https://example.com/a?p=1')).not.toBe(
      normalizeBacklink('https://example.com/a?p=2'),
    );
  });

  it('keys text that is not a URL as itself, trimmed and lower-cased', () => {
    expect(normalizeBacklink('  Not A URL ')).toBe('not a url');
  });
});
