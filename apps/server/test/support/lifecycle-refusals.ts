import { adToolLimits, adToolMessages, lifecycleMessages, sayAllIn, sayIn } from '@adboard/shared';

/** The lifecycle's refusals in English, by their keys (`lifecycleRefusals.banned`). */
export const lifecycleRefusals = sayAllIn('en', lifecycleMessages.refused);

/**
 * Every message a refused lifecycle event may give, in English: a refusal must be one of
 * them (transitions.test.ts on the table, lifecycle-table.test.ts on PostgreSQL).
 */
export const refusalCatalogue: ReadonlySet<string> = new Set([
  ...Object.values(lifecycleRefusals),
  sayIn('en', lifecycleMessages.renewPaidThroughPayment),
  sayIn(
    'en',
    adToolMessages.available.tooOften({
      maxStarts: adToolLimits.availableStartsPerDay,
      windowHours: adToolLimits.availableWindowHours,
    }),
  ),
  ...Object.values(sayAllIn('en', adToolMessages.refused)),
]);
