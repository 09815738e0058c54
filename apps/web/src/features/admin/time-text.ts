import { consoleMessages } from '@adboard/shared';
import { dateFormat } from '../../lib/date-format';

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

/** '5 hours left', or 'overdue by 2 hours' once the promise to the advertiser has run out. */
export function timeLeftText(secondsLeft: number): string {
  return secondsLeft < 0
    ? time.overdue(formatDuration(secondsLeft))
    : time.left(formatDuration(secondsLeft));
}

/** '3 days ago' for an ISO date, or the empty mark. */
export function agoText(iso: string | null, now: number = Date.now()): string {
  if (!iso) return consoleMessages.empty;
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return consoleMessages.empty;
  return time.ago(formatDuration(Math.max(0, (now - at) / 1000)));
}

/** How far a date is from now in words: '2 hours ago', 'in 3 days'; or the empty mark. */
export function relativeText(iso: string | null, now: number = Date.now()): string {
  if (!iso) return consoleMessages.empty;
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return consoleMessages.empty;
  const seconds = (at - now) / 1000;
  return seconds > 0 ? time.in(formatDuration(seconds)) : time.ago(formatDuration(-seconds));
}

const whenFormat = dateFormat({ dateStyle: 'medium', timeStyle: 'short' });

/** A date and time in the moderator's own zone, or the empty mark. */
export function formatWhen(iso: string | null): string {
  if (!iso) return consoleMessages.empty;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? consoleMessages.empty : whenFormat(date);
}

/** A date and time with how far it is from now: 'Jan 7, 2025, 9:00 AM (in 3 days)'. */
export function formatWhenRelative(iso: string | null, now: number = Date.now()): string {
  const when = formatWhen(iso);
  return when === consoleMessages.empty ? when : time.when(when, relativeText(iso, now));
}

const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** Whether a text is an ISO date and time, as the API sends dates. */
export function isIsoDateTime(value: string): boolean {
  return isoDateTime.test(value) && !Number.isNaN(Date.parse(value));
}
