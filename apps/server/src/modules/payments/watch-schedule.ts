/**
 * When to look at an order again. Often while its address is on screen, then
 * thinning out: a late payment is still credited, but costs few requests.
 */
export const ADDRESS_OPEN_MS = 20 * 60_000;
/**
 * While the address is open: within the 30 s the issue asks for, and 10,000
 * open orders at one upstream request each come to 400 a second, the budget;
 * the watcher's pace (380/s) stretches that to about 26 s (docs/benchmarks.md).
 */
export const OPEN_CHECK_MS = 25_000;
const DAY_MS = 24 * 60 * 60_000;
const WEEK_MS = 7 * DAY_MS;

export function nextCheckDelayMs(createdAt: Date, now: Date): number | null {
  const age = now.getTime() - createdAt.getTime();
  if (age < ADDRESS_OPEN_MS + 60_000) return OPEN_CHECK_MS;
  if (age < DAY_MS) return 3 * 60_000;
  if (age < WEEK_MS) return 60 * 60_000;
  return null;
}

/** After an upstream failure: 15 s, 30 s, 1 min … up to 10 min, or what a 429 asked for. */
export function backoffDelayMs(failures: number, retryAfterSeconds?: number): number {
  const exponential = Math.min(10 * 60_000, 15_000 * 2 ** Math.max(0, failures - 1));
  return Math.max(exponential, (retryAfterSeconds ?? 0) * 1000);
}
