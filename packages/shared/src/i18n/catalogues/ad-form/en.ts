/**
 * The ad form's own words (issue 30): the ad types the type step offers, the form's field
 * labels, and the review promises of SPEC.md section 1 shown to advertisers.
 */
export default {
  /** The type step's cards: each creatable type's title and what it means. */
  types: {
    paid: {
      title: 'VIP ad (paid)',
      description: 'Shown above free ads for the time you pay for. Reviewed first.',
    },
    free: {
      title: 'Free ad with a link',
      description: 'Free for 30 days. Needs a link back to this site on your own website.',
    },
    free_verified: {
      title: 'Free verified ad',
      description:
        'Free for 30 days. Needs a photo of you holding a paper with the site name, today’s date and a code we give you. Reviewed within 48 hours.',
    },
  },
  fields: {
    name: 'Name',
    phone: 'Phone',
    email: 'Email',
    title: 'Title',
    description: 'Description',
    age: 'Age',
    ethnicity: 'Ethnicity',
    business: 'Business',
    incalls: 'Incalls',
    outcalls: 'Outcalls',
    backlink: 'Link to your website',
  },
  /** The empty choice of an optional select (incalls, outcalls). */
  emptyChoice: '- Select -',
  /** The countries an ad may be in (countryCodeSchema), as the type step and the form name them. */
  countries: { US: 'United States', CA: 'Canada' },
  reviewTimes: {
    free: 'Free ads take about a week on average to review.',
    free_verified: 'Verified ads are reviewed within 48 hours.',
    advice: 'Please wait at least 24 hours before contacting support about your review.',
  },
} as const;
