import type { AdStatsDay, StatKind } from '@adboard/shared';

/** A UTC day in milliseconds. */
export const DAY_MS = 86_400_000;

/** The UTC day holding `at`, as YYYY-MM-DD: the day a count belongs to. */
export const utcDay = (at: Date | number): string => new Date(at).toISOString().slice(0, 10);

/** The last `days` UTC days up to and including the one of `now`, oldest first. */
export function lastDays(days: number, now: Date): string[] {
  const today = Date.parse(`${utcDay(now)}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) => utcDay(today - (days - 1 - i) * DAY_MS));
}

/** A day's counts as kept: one number per kind. */
export type DayCounts = Record<StatKind, number>;

export const noCounts = (): DayCounts => ({ appearance: 0, view: 0, call: 0, text: 0, email: 0 });

/** The answer's rows: one per day of `days` (oldest first), zeros where nothing was counted. */
export function statsRows(
  days: readonly string[],
  counted: ReadonlyMap<string, DayCounts>,
): AdStatsDay[] {
  return days.map((date) => {
    const c = counted.get(date) ?? noCounts();
    return {
      date,
      appearances: c.appearance,
      views: c.view,
      taps: { call: c.call, text: c.text, email: c.email },
    };
  });
}
