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
    expect(format(date)).toBe('Nov 27, 2026');
    expect(format(new Date(2026, 0, 2))).toBe('Jan 2, 2026');
    expect(made).toHaveBeenCalledTimes(1);
  });
});
