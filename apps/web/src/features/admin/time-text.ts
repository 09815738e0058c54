import { consoleMessages } from '@adboard/shared';

const { time } = consoleMessages;

/**
 * A length of time in one unit, rounded down as a moderator reads it at a glance:
 * minutes under an hour (at least 1), hours under two days, then days.
 */
export function formatDuration(seconds: number): string {
  const abs = Math.abs(seconds);
  if (abs < 3600) return time.minutes(Math.max(1, Math.floor(abs / 60)));
  if (abs < 48 * 3600) return time.hours(Math.floor(abs / 3600));
  return time.days(Math.floor(abs / 86_400));
}

/** '5 h left', or 'overdue 2 h' once the promise to the advertiser has run out. */
export function timeLeftText(secondsLeft: number): string {
  return secondsLeft < 0
    ? time.overdue(formatDuration(secondsLeft))
    : time.left(formatDuration(secondsLeft));
}

/** '3 d ago' for an ISO date, or the empty mark. */
export function agoText(iso: string | null, now: number = Date.now()): string {
  if (!iso) return consoleMessages.empty;
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return consoleMessages.empty;
  return time.ago(formatDuration(Math.max(0, (now - at) / 1000)));
}

const whenFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A date and time in the moderator's own zone, or the empty mark. */
export function formatWhen(iso: string | null): string {
  if (!iso) return consoleMessages.empty;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? consoleMessages.empty : whenFormat.format(date);
}
