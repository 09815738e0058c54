import { z } from 'zod';
import { adStatuses, adToolLimits } from '../ad-options.js';
import { adToolMessages } from '../i18n/catalogues/ad-tools/index.js';
import { tagsOf } from '../i18n/said.js';

const m = tagsOf(adToolMessages);
const DAY_MS = 86_400_000;

/** The calendar day (UTC) holding `now`, as YYYY-MM-DD: the day a start date is compared with. */
export const utcDateOf = (now: Date): string => now.toISOString().slice(0, 10);

/** A calendar date as YYYY-MM-DD that exists (2026-02-30 does not); `message` (a tag) when not. */
export const calendarDateOf = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: message })
    .refine(
      (s) => {
        const day = new Date(`${s}T00:00:00Z`);
        return !Number.isNaN(day.getTime()) && utcDateOf(day) === s;
      },
      { error: message },
    );

/**
 * Why a start date cannot be given today (UTC), or null: not before today and at most
 * `adToolLimits.startsOnMaxDaysAhead` days ahead. The one rule of the form and the server.
 */
export function startsOnProblem(date: string, now: Date = new Date()): string | null {
  const today = utcDateOf(now);
  if (date < today) return m.startsOn.past;
  const last = utcDateOf(new Date(now.getTime() + adToolLimits.startsOnMaxDaysAhead * DAY_MS));
  if (date > last) return m.startsOn.tooFar({ maxDays: adToolLimits.startsOnMaxDaysAhead });
  return null;
}

/** `starts_on` of the ad's body: a date, or null for 'at approval'; left out keeps it. */
export const startsOnSchema = calendarDateOf(m.startsOn.format).nullable();

const durationRule = m.available.duration({ maxHours: adToolLimits.availableHoursMax });

/** POST /api/post/{id}/available. */
export const availableBodySchema = z.strictObject({
  duration_hours: z
    .number({ error: durationRule })
    .int({ error: durationRule })
    .min(1, { error: durationRule })
    .max(adToolLimits.availableHoursMax, { error: durationRule }),
});
export type AvailableBody = z.infer<typeof availableBodySchema>;

/** What the ad's tools say now (My Posts and the answers of the tools' calls). */
export const adToolStateSchema = z.object({
  /** When 'Available now' ends (ISO); null when it is not running. */
  availableUntil: z.string().nullable(),
  /** How many more times it may be started in the rolling window. */
  availableStartsLeft: z.number().int(),
  /** The lifecycle table allows these now. */
  availableStartable: z.boolean(),
  pausable: z.boolean(),
  resumable: z.boolean(),
  /** Visits to other cities may be planned now (a live VIP or premium ad paid for). */
  visitsPlannable: z.boolean(),
  /** The scheduled start (YYYY-MM-DD), null when the ad starts at approval. */
  startsOn: z.string().nullable(),
});
export type AdToolState = z.infer<typeof adToolStateSchema>;

/** The answer of pause, resume and 'Available now': the ad's status and its tools. */
export const adToolResultSchema = z.object({
  success: z.literal(true),
  status: z.enum(adStatuses),
  tools: adToolStateSchema,
});
export type AdToolResult = z.infer<typeof adToolResultSchema>;
