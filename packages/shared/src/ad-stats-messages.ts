import { adStatsLimits } from './ad-stats-limits.js';

/**
 * The statistics' refusal of a period (a schema's message, issue 29). The screens'
 * texts are the `adStats` area of the catalogue (i18n/catalogues/ad-stats).
 */
export const adStatsMessages = {
  days: `Please ask for 1 to ${adStatsLimits.maxDays} days.`,
} as const;
