import { describe, expect, it } from 'vitest';
import { ADDRESS_OPEN_MS, backoffDelayMs, nextCheckDelayMs } from './watch-schedule.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const created = new Date('2025-03-01T12:00:00Z');
const at = (ms: number) => new Date(created.getTime() + ms);
const delayAt = (age: number) => nextCheckDelayMs(created, at(age));

describe('nextCheckDelayMs', () => {
  it('looks every 25 s while the address is open (20 minutes)', () => {
    expect(ADDRESS_OPEN_MS).toBe(20 * MINUTE);
    for (const age of [0, 10 * SECOND, 5 * MINUTE, 19 * MINUTE + 59 * SECOND, 20 * MINUTE]) {
      expect(delayAt(age), `at ${age} ms`).toBe(25 * SECOND);
    }
  });

  it('thins out to every few minutes for the rest of the first day', () => {
    for (const age of [25 * MINUTE, 2 * HOUR, 12 * HOUR, DAY - SECOND]) {
      const delay = delayAt(age);
      expect(delay, `at ${age} ms`).not.toBeNull();
      expect(delay).toBeGreaterThanOrEqual(MINUTE);
      expect(delay).toBeLessThanOrEqual(10 * MINUTE);
    }
  });

  it('looks hourly for the rest of the week', () => {
    for (const age of [DAY, 2 * DAY, 6 * DAY + 23 * HOUR]) {
      expect(delayAt(age), `at ${age} ms`).toBe(HOUR);
    }
  });

  it('stops after a week', () => {
    expect(delayAt(7 * DAY)).toBeNull();
    expect(delayAt(30 * DAY)).toBeNull();
  });

  it('never grows shorter as the order ages', () => {
    let previous = 0;
    for (let age = 0; age < 7 * DAY; age += 7 * MINUTE) {
      const delay = delayAt(age);
      expect(delay).not.toBeNull();
      expect(delay ?? 0).toBeGreaterThanOrEqual(previous);
      previous = delay ?? 0;
    }
  });

  it('treats a clock slightly behind the creation time as a new order', () => {
    expect(delayAt(-5 * SECOND)).toBe(25 * SECOND);
  });
});

describe('backoffDelayMs', () => {
  it('doubles from 15 s per failure up to 10 minutes', () => {
    expect(backoffDelayMs(1)).toBe(15 * SECOND);
    expect(backoffDelayMs(2)).toBe(30 * SECOND);
    expect(backoffDelayMs(3)).toBe(MINUTE);
    expect(backoffDelayMs(6)).toBe(8 * MINUTE);
    expect(backoffDelayMs(7)).toBe(10 * MINUTE);
    expect(backoffDelayMs(50)).toBe(10 * MINUTE);
  });

  it('waits at least as long as a 429 asked', () => {
    expect(backoffDelayMs(1, 120)).toBe(120 * SECOND);
    expect(backoffDelayMs(1, 5)).toBe(15 * SECOND);
    expect(backoffDelayMs(7, 3600)).toBe(HOUR);
  });
});
