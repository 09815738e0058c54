import type { AdStatsDay } from '@adboard/shared';

/** A period's sums: what the card and the dialog's headings say. */
export interface StatsTotals {
  appearances: number;
  views: number;
  call: number;
  text: number;
  email: number;
  taps: number;
}

export function statsTotals(days: readonly AdStatsDay[]): StatsTotals {
  const t = { appearances: 0, views: 0, call: 0, text: 0, email: 0, taps: 0 };
  for (const d of days) {
    t.appearances += d.appearances;
    t.views += d.views;
    t.call += d.taps.call;
    t.text += d.taps.text;
    t.email += d.taps.email;
  }
  t.taps = t.call + t.text + t.email;
  return t;
}

/** A round top for a chart's scale (1, 2, 5 × 10^n), at least 1. */
export function niceMax(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((s) => s * power >= value) ?? 10;
  return step * power;
}

/** A query key per ad and period. */
export const adStatsKey = (postId: string, days: number) => ['ad-stats', postId, days] as const;
