import { adLimits } from '@adboard/shared';

/** One code texted for an ad to its current number within the last hour. */
export interface RecentPhoneCode {
  /** Seconds since it was texted. */
  ageSeconds: number;
  /** Unused, in time and with tries left. */
  live: boolean;
}

export interface CodeWait {
  /** 'gap': the newest code is live and younger than the gap; 'hourly': the hour's texts are used up. */
  reason: 'gap' | 'hourly';
  /** Whole seconds until a text may be sent. */
  seconds: number;
  /** Texts of the last hour (for the message). */
  textsInHour: number;
}

const hourSeconds = 3600;

/**
 * How long until another code may be texted for an ad to its number, or null
 * when one may be texted now (`codes` newest first, the last hour only). At most
 * `adLimits.smsCodesPerHour` texts in any hour; while the newest code is live, a
 * new one waits `adLimits.smsResendWaitSeconds` after it. A code that is used up
 * (expired, or tried too often) is replaced at once, within the hourly count.
 */
export function waitBeforeNextCode(codes: readonly RecentPhoneCode[]): CodeWait | null {
  const newest = codes[0];
  const gap =
    newest?.live === true ? Math.ceil(adLimits.smsResendWaitSeconds - newest.ageSeconds) : 0;
  // The hour frees a text when the text that filled it is an hour old.
  const filling = codes[adLimits.smsCodesPerHour - 1];
  const hourly = filling ? Math.ceil(hourSeconds - filling.ageSeconds) : 0;
  const seconds = Math.max(gap, hourly);
  if (seconds <= 0) return null;
  return { reason: hourly >= gap ? 'hourly' : 'gap', seconds, textsInHour: codes.length };
}
