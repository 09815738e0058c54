import { z } from 'zod';
import { adStatsLimits } from '../ad-stats-limits.js';
import { adStatsMessages } from '../ad-stats-messages.js';

/** What is counted: an appearance in a city list, a view of the ad page, a tap on a contact. */
export const statKinds = ['appearance', 'view', 'call', 'text', 'email'] as const;
export type StatKind = (typeof statKinds)[number];
export const tapKinds = ['call', 'text', 'email'] as const;
export type TapKind = (typeof tapKinds)[number];

const daysMessage = adStatsMessages.days;

export const adStatsQuerySchema = z.object({
  days: z.coerce
    .number({ error: daysMessage })
    .int({ error: daysMessage })
    .min(1, { error: daysMessage })
    .max(adStatsLimits.maxDays, { error: daysMessage })
    .default(adStatsLimits.defaultDays),
});
export type AdStatsQuery = z.input<typeof adStatsQuerySchema>;

const count = z.number().int().min(0);

export const adStatsDaySchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  appearances: count,
  views: count,
  taps: z.object({ call: count, text: count, email: count }),
});
export type AdStatsDay = z.infer<typeof adStatsDaySchema>;

/** One row per day (UTC), oldest first, zeros included. */
export const adStatsSchema = z.object({ days: z.array(adStatsDaySchema) });
export type AdStats = z.infer<typeof adStatsSchema>;
