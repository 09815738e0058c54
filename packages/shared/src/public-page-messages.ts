import { waitInWords } from './messages.js';

/** Texts of the public ad pages on the city subdomains. Part of the message catalogue. */
export const publicPageMessages = {
  previewBanner: 'Preview: this is how your ad will look. It is not public unless it is approved.',
  previewBannerPublic: 'Preview: your ad is public. This is how visitors see it.',
  notFoundTitle: 'Ad not found',
  notFoundText: 'This ad does not exist, has expired or is not public.',
  cityNotFoundTitle: 'Page not found',
  cityNotFoundText: 'There is no city page at this address.',
  reportTitle: 'Report this ad',
  reportIntro: 'Tell our moderators what is wrong with this ad. Reports are anonymous.',
  reportReasonLabel: 'Reason',
  reportReasonChoose: '- Choose a reason -',
  reportDetailsLabel: 'Details (optional)',
  reportSubmit: 'Send report',
  reportThanks: 'Thank you. Our moderators will look at your report.',
  reportLimited: (seconds: number) =>
    `You have sent too many reports. Please try again in ${waitInWords(seconds)}.`,
  /** The browser tab and search result title of a city page. */
  cityTitle: (city: string, site: string) => `${city} ads | ${site}`,
  cityPageTitle: (city: string, site: string, page: number) =>
    `${city} ads, page ${page} | ${site}`,
  cityDescription: (city: string, site: string) =>
    `Ads in ${city} on ${site}. Every ad is reviewed by a moderator before it is shown.`,
  cityHeading: (city: string) => `Ads in ${city}`,
  cityEmpty: 'There are no ads in this city at the moment.',
  pageOf: (page: number) => `Page ${page}`,
  previousPage: 'Previous page',
  nextPage: 'Next page',
  adTitle: (title: string, city: string, site: string) => `${title} | ${city} | ${site}`,
  backToCity: (city: string) => `All ads in ${city}`,
  premiumBadge: 'Premium',
  vipBadge: 'VIP',
  posted: (date: string) => `Posted ${date}`,
  ageYears: (age: number) => `${age} years`,
  photoAlt: (title: string, n: number) => `Photo ${n}: ${title}`,
  thumbAlt: (title: string) => `Photo: ${title}`,
  detailsHeading: 'Details',
  contactHeading: 'Contact',
  labels: {
    name: 'Name',
    age: 'Age',
    ethnicity: 'Ethnicity',
    business: 'Business',
    incalls: 'Incalls',
    outcalls: 'Outcalls',
    city: 'City',
    adId: 'Ad ID',
  },
} as const;
