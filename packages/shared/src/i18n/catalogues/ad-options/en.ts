/**
 * The words of an ad's fields as readers see them (issue 30: three languages): the
 * choices of the ad form, the ways to reach a poster, the reasons to report an ad,
 * rates, hours and visits. The English lists of ad-options.ts, moderation.ts,
 * messages.ts and ad-tools-messages.ts take their labels from here.
 */
export default {
  ethnicity: {
    asian: 'Asian',
    abc_cbc_asian: 'ABC/CBC Asian',
    african_american: 'African American',
    caucasian: 'Caucasian',
    european: 'European',
    indian: 'Indian',
    latino_hispanic: 'Latino/Hispanic',
    middle_eastern: 'Middle Eastern',
    mixed: 'Mixed',
    native: 'Native',
    other: 'Other Ethnicity',
  },
  ethnicityEmpty: '- Select Ethnicity -',
  business: {
    independent: 'Independent Escort',
    agency: 'Escort Agency',
    massage: 'Massage',
  },
  businessEmpty: 'Prefer not to say',
  incalls: {
    no: 'No incalls',
    private: 'Private Residence',
    upscale: 'Upscale Condo',
    hotel: 'Hotel',
  },
  outcalls: {
    no: 'No outcalls',
    any: 'Hotel or residence',
    hotel: 'Hotels only',
  },
  contacts: { call: 'Call', text: 'Text', email: 'Email' },
  reportReasons: {
    underage: 'The person may be under age',
    trafficking: 'Trafficking or someone forced',
    scam: 'Scam or fraud',
    not_the_person: 'Not the person in the photos',
    explicit: 'Explicit content',
    wrong_contact: 'Wrong phone number or email',
    other: 'Something else',
  },
  rates: {
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
  },
  visits: {
    badge: 'Visiting',
    scheduleHeading: 'On tour',
    /** One visit of the schedule: 'Houston, Dec 12–15'. */
    stop: '{city}, {days}',
  },
} as const;
