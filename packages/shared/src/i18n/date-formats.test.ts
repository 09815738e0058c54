import { describe, expect, it } from 'vitest';
import { dateFormatsFor } from './date-formats.js';

describe('a date formatter per language', () => {
  it('keeps one formatter a language, in that language’s locale with the options given', () => {
    const days = dateFormatsFor({ dateStyle: 'medium', timeZone: 'UTC' });
    expect(days('fr-CA')).toBe(days('fr-CA'));
    expect(days('es')).not.toBe(days('fr-CA'));
    const date = new Date(Date.UTC(2026, 11, 4, 23));
    expect(days('en').format(date)).toBe('Dec 4, 2026');
    expect(days('fr-CA').format(date)).toBe('4 déc. 2026');
    expect(days('es').resolvedOptions().locale).toBe('es-419');
  });
});
