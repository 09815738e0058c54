import { consoleMessages } from '@adboard/shared';
import { dateFormat } from '../../lib/date-format';
import { formatDuration } from '../../lib/relative-time';

// Shared with the account page, which must not load the console's pieces.
export { agoText, formatDuration } from '../../lib/relative-time';

const { time } = consoleMessages;

/** '5 hours left', or 'overdue by 2 hours' once the promise to the advertiser has run out. */
export function timeLeftText(secondsLeft: number): string {
  return secondsLeft < 0
    ? time.overdue(formatDuration(secondsLeft))
    : time.left(formatDuration(secondsLeft));
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
  return Number.isNaN(date.getTime()) ? consoleMessages.empty : whenFormat(date, 'en');
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
