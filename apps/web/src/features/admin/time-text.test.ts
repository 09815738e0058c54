import { describe, expect, it } from 'vitest';
import { agoText, formatDuration, formatWhen, timeLeftText } from './time-text';

describe('console time texts', () => {
  it('says how long is left, in the unit a moderator reads at a glance', () => {
    expect(timeLeftText(5 * 3600 + 1800)).toBe('5 h left');
    expect(timeLeftText(47 * 3600)).toBe('47 h left');
    expect(timeLeftText(3 * 86_400 + 100)).toBe('3 d left');
    expect(timeLeftText(25 * 60)).toBe('25 min left');
    expect(timeLeftText(10)).toBe('1 min left');
  });

  it('says how long an ad is overdue once the promise ran out', () => {
    expect(timeLeftText(-2 * 3600 - 60)).toBe('overdue 2 h');
    expect(timeLeftText(-90)).toBe('overdue 1 min');
    expect(timeLeftText(-9 * 86_400)).toBe('overdue 9 d');
  });

  it('rounds down in a single unit', () => {
    expect(formatDuration(3599)).toBe('59 min');
    expect(formatDuration(3600)).toBe('1 h');
    expect(formatDuration(48 * 3600)).toBe('2 d');
  });

  it('tells the age of a date, and marks a missing one', () => {
    const now = Date.parse('2025-03-10T12:00:00Z');
    expect(agoText('2025-03-07T11:00:00Z', now)).toBe('3 d ago');
    expect(agoText('2025-03-10T09:30:00Z', now)).toBe('2 h ago');
    expect(agoText(null, now)).toBe('—');
    expect(agoText('not a date', now)).toBe('—');
    expect(formatWhen(null)).toBe('—');
  });
});
