import { z } from 'zod';
import { adToolLimits } from '../ad-options.js';
import { adToolMessages } from '../i18n/catalogues/ad-tools/index.js';
import { tagsOf } from '../i18n/said.js';
import { calendarDateOf } from './ad-tools.js';

const m = tagsOf(adToolMessages.visits);
const DAY_MS = 86_400_000;

/** Days from the first to the last day of a visit, both counted. */
export const visitDays = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/** One visit: a city (its slug) and its first and last day (UTC dates, both included). */
export const visitSchema = z
  .object({
    city: z
      .string({ error: m.city })
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9-]{1,64}$/, { error: m.city }),
    from: calendarDateOf(m.date),
    to: calendarDateOf(m.date),
  })
  .superRefine((visit, ctx) => {
    if (visit.to < visit.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: m.reversed });
    } else if (visitDays(visit.from, visit.to) > adToolLimits.visitDaysMax) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: m.tooLong({ maxDays: adToolLimits.visitDaysMax }),
      });
    }
  });
export type Visit = z.infer<typeof visitSchema>;

/** PUT /api/post/{id}/visits: the whole list each time (an empty list ends them all). */
export const visitsBodySchema = z.strictObject({
  visits: z
    .array(visitSchema, { error: m.list })
    .max(adToolLimits.visitsMax, {
      error: m.tooMany({ maxVisits: adToolLimits.visitsMax }),
    })
    .superRefine((visits, ctx) => {
      const sorted = visits
        .map((visit, index) => ({ ...visit, index }))
        .sort((a, b) => a.from.localeCompare(b.from));
      for (let i = 1; i < sorted.length; i++) {
        const before = sorted[i - 1];
        const visit = sorted[i];
        if (before && visit && visit.from <= before.to) {
          ctx.addIssue({ code: 'custom', path: [visit.index, 'from'], message: m.overlap });
        }
      }
    }),
});
export type VisitsBody = z.infer<typeof visitsBodySchema>;

/** A visit as the owner reads it back: with the city's name. */
export const plannedVisitSchema = z.object({
  city: z.string(),
  cityName: z.string(),
  from: z.string(),
  to: z.string(),
});
export type PlannedVisit = z.infer<typeof plannedVisitSchema>;

/** The answer of GET and PUT /api/post/{id}/visits: the visits not over yet, in order. */
export const visitsResultSchema = z.object({
  success: z.literal(true),
  visits: z.array(plannedVisitSchema),
});
export type VisitsResult = z.infer<typeof visitsResultSchema>;
