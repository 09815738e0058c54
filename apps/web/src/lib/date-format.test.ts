import { describe, expect, it, vi } from 'vitest';
import { dateFormat } from './date-format';

describe('dateFormat', () => {
  it('makes its Intl formatter on the first date it formats, once', () => {
    const Real = Intl.DateTimeFormat;
    const made = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function made(
      ...args: ConstructorParameters<typeof Intl.DateTimeFormat>
    ) {
      return new Real(...args);
    });
    const format = dateFormat({ dateStyle: 'medium' });
    expect(made).not.toHaveBeenCalled();

    const date = new Date(2026, 10, 27);
    expect(format(date, 'en')).toBe('Nov 27, 2026');
    expect(format(new Date(2026, 0, 2), 'en')).toBe('Jan 2, 2026');
    expect(made).toHaveBeenCalledTimes(1);
  });

  it('writes a date in the language asked for, each language’s formatter made once', () => {
    const format = dateFormat({ dateStyle: 'medium' });
    const date = new Date(2026, 11, 4);
    expect(format(date, 'fr-CA')).toBe('4 déc. 2026');
    expect(format(date, 'es')).toBe('4 dic 2026');
    expect(format(date, 'en')).toBe('Dec 4, 2026');
  });
});
