/** Visits to other cities, in English. (One module a group: each screen's bundle carries the groups it uses.) */
export const visits = {
  badge: 'Visiting',
  scheduleHeading: 'On tour',
  /** One visit of the schedule: 'Houston, Dec 12–15'. */
  stop: '{city}, {days}',
} as const;
