import { describe, expect, it } from 'vitest';
import {
  agoText,
  formatDuration,
  formatWhen,
  formatWhenRelative,
  isIsoDateTime,
  relativeText,
  timeLeftText,
} from './time-text';

describe('console time texts', () => {
  it('says how long is left, in the unit a moderator reads at a glance', () => {
    expect(timeLeftText(5 * 3600 + 1800)).toBe('5 hours left');
    expect(timeLeftText(47 * 3600)).toBe('47 hours left');
    expect(timeLeftText(3 * 86_400 + 100)).toBe('3 days left');
    expect(timeLeftText(25 * 60)).toBe('25 minutes left');
    expect(timeLeftText(10)).toBe('1 minute left');
  });

  it('says how long an ad is overdue once the promise ran out', () => {
    expect(timeLeftText(-2 * 3600 - 60)).toBe('overdue by 2 hours');
    expect(timeLeftText(-90)).toBe('overdue by 1 minute');
    expect(timeLeftText(-9 * 86_400)).toBe('overdue by 9 days');
  });

  it('rounds down in a single unit', () => {
    expect(formatDuration(3599)).toBe('59 minutes');
    expect(formatDuration(3600)).toBe('1 hour');
    expect(formatDuration(48 * 3600)).toBe('2 days');
  });

  it('tells the age of a date, and marks a missing one', () => {
    const now = Date.parse('2025-03-10T12:00:00Z');
    expect(agoText('2025-03-07T11:00:00Z', now)).toBe('3 days ago');
    expect(agoText('2025-03-10T09:30:00Z', now)).toBe('2 hours ago');
    expect(agoText(null, now)).toBe('—');
    expect(agoText('not a date', now)).toBe('—');
    expect(formatWhen(null)).toBe('—');
  });

  it('says how far a date is in words, before or after now, never in seconds', () => {
    const now = Date.parse('2025-03-10T12:00:00Z');
    expect(relativeText('2025-03-10T10:00:00Z', now)).toBe('2 hours ago');
    expect(relativeText('2025-03-13T12:30:00Z', now)).toBe('in 3 days');
    expect(relativeText('2025-03-10T12:07:57Z', now)).toBe('in 7 minutes');
    expect(relativeText(null, now)).toBe('—');
    expect(formatWhenRelative('2025-03-13T12:30:00Z', now)).toMatch(
      /^Mar 13, 2025, .+ \(in 3 days\)$/,
    );
    expect(formatWhenRelative(null, now)).toBe('—');
  });

  it('knows the API dates from other texts', () => {
    expect(isIsoDateTime('2025-03-10T12:00:00.000Z')).toBe(true);
    expect(isIsoDateTime('2025-03-10T12:00:00+02:00')).toBe(true);
    expect(isIsoDateTime('pending')).toBe(false);
    expect(isIsoDateTime('2025')).toBe(false);
  });
});
