/** How far back an ad's statistics go, and what My Posts shows (issue 29). */
export const adStatsLimits = {
  maxDays: 90,
  defaultDays: 30,
  cardDays: 7,
  /** The chart's two periods. */
  chartDays: [30, 90],
} as const;
