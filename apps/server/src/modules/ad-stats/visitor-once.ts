import { hash, randomBytes } from 'node:crypto';
import type { StatKind } from '@adboard/shared';
import { DAY_MS, utcDay } from './stats-days.js';

/**
 * Whether a visitor is seen for the first time today for an ad and a kind: by a keyed
 * hash of the address (SHA-256 of a random 256-bit key made for that UTC day, then the
 * address), the key kept in this process's memory and thrown away with the day, with
 * everything it marked. No address, no user agent and no key is ever written anywhere.
 * The hash is a pseudonym that never leaves the process, not a signature anyone checks,
 * so the one-shot secret-prefix hash serves (a fifth of an HMAC's cost on every page).
 */
export interface VisitorOnce {
  /** Of `adIds`, the ones this visitor had not yet been counted for today for `kind`. */
  firstToday(kind: StatKind, adIds: readonly number[], address: string): number[];
  /** The day (UTC) the marks belong to. */
  day(): string;
}

/** Marks kept at most per day; past it a visitor is counted without the once-a-day rule. */
export const MAX_MARKS_PER_DAY = 1_000_000;

const KIND_CODE: Record<StatKind, string> = {
  appearance: 'a',
  view: 'v',
  call: 'c',
  text: 't',
  email: 'e',
};

export function createVisitorOnce(
  options: { now?: () => number; maxMarks?: number } = {},
): VisitorOnce {
  const now = options.now ?? Date.now;
  const maxMarks = options.maxMarks ?? MAX_MARKS_PER_DAY;
  // Per visitor hash and kind, the ads marked today: numbers in a set, no string per ad.
  let current = { day: '', endsAt: 0, key: '', marks: new Map<string, Set<number>>(), size: 0 };
  const today = () => {
    const at = now();
    // A new day: a new key; yesterday's key and marks are dropped.
    if (at >= current.endsAt || at < current.endsAt - DAY_MS) {
      const day = utcDay(at);
      current = {
        day,
        endsAt: Date.parse(`${day}T00:00:00Z`) + DAY_MS,
        key: randomBytes(32).toString('base64'),
        marks: new Map(),
        size: 0,
      };
    }
    return current;
  };
  return {
    day: () => today().day,
    firstToday(kind, adIds, address) {
      const state = today();
      const visitor = hash('sha256', `${state.key}|${address}`, 'base64url').slice(0, 16);
      const key = `${visitor}${KIND_CODE[kind]}`;
      let seen = state.marks.get(key);
      if (!seen) {
        seen = new Set();
        if (state.size < maxMarks) state.marks.set(key, seen);
      }
      const fresh: number[] = [];
      for (const adId of adIds) {
        if (seen.has(adId)) continue;
        if (state.size < maxMarks) {
          seen.add(adId);
          state.size += 1;
        }
        fresh.push(adId);
      }
      return fresh;
    },
  };
}
