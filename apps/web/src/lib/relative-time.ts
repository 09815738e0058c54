import { consoleMessages } from '@adboard/shared';

const { time } = consoleMessages;

/**
 * A length of time in one unit, rounded down as one reads it at a glance:
 * minutes under an hour (at least 1), hours under two days, then days.
 */
export function formatDuration(seconds: number): string {
  const abs = Math.abs(seconds);
  if (abs < 3600) return time.minutes(Math.max(1, Math.floor(abs / 60)));
  if (abs < 48 * 3600) return time.hours(Math.floor(abs / 3600));
  return time.days(Math.floor(abs / 86_400));
}

/** '3 days ago' for an ISO date, or the empty mark. */
export function agoText(iso: string | null, now: number = Date.now()): string {
  if (!iso) return consoleMessages.empty;
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return consoleMessages.empty;
  return time.ago(formatDuration(Math.max(0, (now - at) / 1000)));
}
