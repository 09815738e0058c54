/**
 * Texts of the advertiser's tools (issue 29): pause and resume, the scheduled start,
 * 'Available now' and visits to other cities (issue 30: three languages). The limits
 * come as placeholders from `adToolLimits` (ad-options.ts): `maxDays`, `maxHours`,
 * `maxStarts`, `windowHours`, `maxVisits`. The visit badge and schedule heading are the
 * ad-options area's (`visits`).
 */
export default {
  startsOn: {
    label: 'Start date (optional)',
    hint: 'Once approved, your ad goes public on this date; paid days start then. Leave empty to start at approval.',
    format: 'Please enter the start date as YYYY-MM-DD.',
    past: 'The start date cannot be in the past.',
    /** `maxDays`: adToolLimits.startsOnMaxDaysAhead. */
    tooFar: 'The start date can be at most {maxDays} days ahead.',
    notNow: 'A start date can only be given before the ad is approved.',
    scheduledFor: 'Goes public on {date}',
  },
  pause: {
    button: 'Pause',
    resumeButton: 'Resume',
    paused: 'Your ad is paused: it is off the public pages and its time is held.',
    resumed: 'Your ad is public again.',
    heldNote: 'Paused: its time is held until you resume it.',
  },
  available: {
    button: 'Available now',
    endButton: 'End Available now',
    title: 'Available now',
    body: 'Your ad shows an “Available now” badge and comes first in its group on the city page until the time you choose.',
    durationLabel: 'For how long',
    hours: '{n, plural, one {# hour} other {# hours}}',
    start: 'Start',
    cancel: 'Cancel',
    until: 'Available now until {time}',
    /** `windowHours`: adToolLimits.availableWindowHours. */
    startsLeft: '{left} of {max} left in the last {windowHours} hours',
    started: 'Your ad is marked available now.',
    ended: 'Available now has ended.',
    /** `maxHours`: adToolLimits.availableHoursMax. */
    duration: 'Please choose between 1 and {maxHours} hours.',
    /** `maxStarts`: adToolLimits.availableStartsPerDay; `windowHours`: adToolLimits.availableWindowHours. */
    tooOften:
      "'Available now' can be started {maxStarts} times in {windowHours} hours. Try again later.",
    notPublic: 'Only a public ad can be marked available now.',
    notAvailable: 'This ad is not marked available now.',
  },
  visits: {
    city: 'Please choose a city from the list.',
    unknownCity: 'This city is not on the site.',
    ownCity: 'Your ad is already listed in its own city.',
    otherCountry: 'A visit goes to a city of your ad’s own country.',
    higherTier: 'A visit goes to a city of your ad’s price or lower; this city’s ads cost more.',
    date: 'Please choose a day (YYYY-MM-DD).',
    reversed: 'The last day of a visit cannot be before its first day.',
    past: 'A visit cannot start in the past.',
    /** `maxDays`: adToolLimits.visitDaysMax. */
    tooLong: 'A visit lasts at most {maxDays} days.',
    /** `maxVisits`: adToolLimits.visitsMax. */
    tooMany: 'You can plan at most {maxVisits} visits at a time.',
    overlap: 'Two visits cannot share a day.',
    pastPaidTime: 'A visit must end before your ad’s paid time does.',
    notPaid: 'Only a live VIP ad can visit other cities.',
    list: 'Please send the visits as a list.',
    button: 'Visits',
    title: 'Visits to other cities',
    /** `maxVisits`: adToolLimits.visitsMax; `maxDays`: adToolLimits.visitDaysMax. */
    body: 'While a visit lasts, your ad is also listed on that city’s pages with a “Visiting” badge and the dates. Up to {maxVisits} visits of 1 to {maxDays} days, within your ad’s paid time; no review needed.',
    loading: 'Loading your visits…',
    none: 'No visits planned.',
    row: 'Visit {n}',
    cityLabel: 'City',
    cityEmpty: 'Choose a city',
    fromLabel: 'First day',
    toLabel: 'Last day',
    add: 'Add a visit',
    remove: 'Remove',
    save: 'Save visits',
    cancel: 'Cancel',
    saved: 'Your visits are saved.',
    refused: 'Your visits could not be saved. Please try again.',
    /** 'Houston, Dec 12–15' (the days already in words). */
    stop: '{city}, {days}',
  },
  refused: {
    pause: 'Only a public ad with time left can be paused.',
    resume: 'Only a paused ad can be resumed.',
    start: 'This ad is not waiting for its start date.',
    frozenPaused: 'This ad is paused. Resume it first.',
    frozenScheduled:
      'This ad is approved and waits for its start date; it cannot be changed until it is public.',
  },
} as const;
