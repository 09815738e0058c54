/** Rates and hours, in English. (One module a group: each screen's bundle carries the groups it uses.) */
export const rates = {
  ratesLabel: 'Rates',
  hoursLabel: 'Hours',
  durationLabel: 'Duration',
  durations: {
    '30m': '30 minutes',
    '1h': '1 hour',
    '2h': '2 hours',
    '3h': '3 hours',
    overnight: 'Overnight',
  },
  places: { incall: 'Incall', outcall: 'Outcall' },
  days: {
    mon: 'Monday',
    tue: 'Tuesday',
    wed: 'Wednesday',
    thu: 'Thursday',
    fri: 'Friday',
    sat: 'Saturday',
    sun: 'Sunday',
  },
  dayKinds: { closed: 'Closed', appointment: 'By appointment', open: 'Open' },
  /** One day's opening hours: '10:00–22:00'. */
  openHours: '{from}–{to}',
} as const;
