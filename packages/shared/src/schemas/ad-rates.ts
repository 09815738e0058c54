import { z } from 'zod';
import { adRateLimits, rateDurations, ratePlaces, weekDays, type WeekDay } from '../ad-options.js';
import { adMessages } from '../i18n/catalogues/ads/index.js';
import { tagsOf } from '../i18n/said.js';

const m = tagsOf(adMessages.rates);

/**
 * An amount in the site's currency: a number above zero with at most two decimals
 * (cents), at most `adRateLimits.amountMax`. Checked on the number as it was written
 * (its shortest decimal form), so 0.1 + 0.2 (0.30000000000000004) is refused, and 12.5
 * is 12.50.
 */
export const rateAmountSchema = z
  .number({ error: m.amount })
  .refine((n) => Number.isFinite(n) && n > 0, { error: m.amountPositive })
  .refine((n) => n <= adRateLimits.amountMax, {
    error: m.amountTooLarge({ max: adRateLimits.amountMax }),
  })
  .refine((n) => /^\d+(\.\d{1,2})?$/.test(String(n)), { error: m.amountCents });

export const rateSchema = z.object({
  duration: z.enum(rateDurations, { error: m.duration }),
  place: z.enum(ratePlaces, { error: m.place }),
  amount: rateAmountSchema,
});
export type Rate = z.infer<typeof rateSchema>;

/**
 * The rates table: up to `adRateLimits.ratesMax` rows, each duration and place at most
 * once, kept in a fixed order (by duration, then incall before outcall) whatever order
 * they were sent in.
 */
export const ratesSchema = z
  .array(rateSchema, { error: m.rates })
  .max(adRateLimits.ratesMax, { error: m.tooMany({ max: adRateLimits.ratesMax }) })
  .superRefine((rates, ctx) => {
    const seen = new Set<string>();
    rates.forEach((rate, index) => {
      const key = `${rate.duration}/${rate.place}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index], message: m.duplicate });
      seen.add(key);
    });
  })
  .transform((rates) =>
    [...rates].sort(
      (a, b) =>
        rateDurations.indexOf(a.duration) - rateDurations.indexOf(b.duration) ||
        ratePlaces.indexOf(a.place) - ratePlaces.indexOf(b.place),
    ),
  );

/** A time of day, 00:00 to 23:59. */
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
const clockSchema = z.string({ error: m.time }).regex(CLOCK, { error: m.time });

/**
 * One day: closed, by appointment, or open from one time to a later one (no night past
 * 24:00). An object is read as an open day, so a wrong time is named at its own field
 * (hours.tue.from); the order of the two times is checked once both are times.
 */
export const dayHoursSchema = z
  .union(
    [
      z.literal('closed'),
      z.literal('appointment'),
      z.object({ from: clockSchema, to: clockSchema }),
    ],
    { error: m.day },
  )
  .superRefine((day, ctx) => {
    // Refinements run after a wrong time too: only two times are compared.
    if (typeof day === 'string' || !CLOCK.test(day.from) || !CLOCK.test(day.to)) return;
    if (day.from >= day.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: m.endsBeforeStart });
    }
  });
export type DayHours = z.infer<typeof dayHoursSchema>;

/** The week: each day its hours; a day left out is closed. Null: no hours given. */
export const weekHoursSchema = z
  .strictObject(
    Object.fromEntries(weekDays.map((day) => [day, dayHoursSchema.optional()])) as Record<
      WeekDay,
      z.ZodOptional<typeof dayHoursSchema>
    >,
    { error: m.hours },
  )
  .transform(
    (week) =>
      Object.fromEntries(weekDays.map((day) => [day, week[day] ?? 'closed'])) as Record<
        WeekDay,
        DayHours
      >,
  );
export type WeekHours = z.output<typeof weekHoursSchema>;

/** Whether the week says anything (a week closed every day is as good as none). */
export const hasHours = (week: WeekHours | null): week is WeekHours =>
  week !== null && weekDays.some((day) => week[day] !== 'closed');
