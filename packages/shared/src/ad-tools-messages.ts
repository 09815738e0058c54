import { adToolLimits } from './ad-options.js';

/**
 * Texts of the advertiser's tools (issue 29): pause and resume, the scheduled start and
 * 'Available now'. Part of the message catalogue.
 */
export const adToolMessages = {
  startsOn: {
    label: 'Start date (optional)',
    hint: 'Once approved, your ad goes public on this date; paid days start then. Leave empty to start at approval.',
    format: 'Please enter the start date as YYYY-MM-DD.',
    past: 'The start date cannot be in the past.',
    tooFar: `The start date can be at most ${adToolLimits.startsOnMaxDaysAhead} days ahead.`,
    notNow: 'A start date can only be given before the ad is approved.',
    scheduledFor: (date: string) => `Goes public on ${date}`,
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
    hours: (n: number) => (n === 1 ? '1 hour' : `${n} hours`),
    start: 'Start',
    cancel: 'Cancel',
    until: (time: string) => `Available now until ${time}`,
    startsLeft: (left: number, max: number) =>
      `${left} of ${max} left in the last ${adToolLimits.availableWindowHours} hours`,
    started: 'Your ad is marked available now.',
    ended: 'Available now has ended.',
    duration: `Please choose between 1 and ${adToolLimits.availableHoursMax} hours.`,
    tooOften: `'Available now' can be started ${adToolLimits.availableStartsPerDay} times in ${adToolLimits.availableWindowHours} hours. Try again later.`,
    notPublic: 'Only a public ad can be marked available now.',
    notAvailable: 'This ad is not marked available now.',
  },
  visits: {
    city: 'Please choose a city from the list.',
    unknownCity: 'This city is not on the site.',
    ownCity: 'Your ad is already listed in its own city.',
    otherCountry: 'A visit goes to a city of your ad’s own country.',
    higherTier: 'A visit goes to a city of your ad’s price or lower; this city’s ads cost more.',
    reversed: 'The last day of a visit cannot be before its first day.',
    past: 'A visit cannot start in the past.',
    tooLong: `A visit lasts at most ${adToolLimits.visitDaysMax} days.`,
    tooMany: `You can plan at most ${adToolLimits.visitsMax} visits at a time.`,
    overlap: 'Two visits cannot share a day.',
    pastPaidTime: 'A visit must end before your ad’s paid time does.',
    notPaid: 'Only a live VIP ad can visit other cities.',
    list: 'Please send the visits as a list.',
    badge: 'Visiting',
    scheduleHeading: 'On tour',
    /** 'Houston, Dec 12–15' (the days already in words). */
    stop: (city: string, days: string) => `${city}, ${days}`,
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
