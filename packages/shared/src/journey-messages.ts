import { formatFiat } from './money.js';

/**
 * Texts of the advertiser's journey (issue 16): the prices on the type step and
 * the page after an anonymous submission. Every number in them comes from the
 * server's answer (GET /api/prices, GET /api/post/{id}/activation).
 */

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

export const journeyMessages = {
  prices: {
    /** A free type's price on its card. */
    free: 'Free',
    /** One option of a paid type: its duration and price in the site's currency... */
    option: (label: string, fiat: string, currency: string) =>
      `${label}: ${formatFiat(fiat, currency)}`,
    /** ...and beside it, what it comes to in BTC at the current rate. */
    btc: (btc: string) => `(${btc} BTC)`,
    pricesFor: (city: string) => `Prices in ${city}`,
    chooseCity: 'Choose a city to see the prices.',
    loading: 'Loading the prices…',
    failed: 'The prices could not be loaded. The amount to pay is shown with the payment address.',
    /** Under the prices: the rate the BTC amounts use. */
    rate: (rate: string, currency: string) =>
      `BTC amounts at 1 BTC = ${formatFiat(rate, currency)}. The amount to pay is fixed when you get the payment address.`,
    noRate: 'No BTC rate right now: the BTC amount is shown with the payment address.',
  },
  afterSubmission: {
    heading: 'What happens next',
    checkMailTitle: 'Check your mail',
    checkMail: (email: string) =>
      `We sent an email to ${email}. If it is not in your inbox within a few minutes, look in your spam folder.`,
    linksTitle: 'What the email holds',
    /** Each link of the mail, with how long it works ('until' is a formatted date). */
    links: {
      activation: (days: number, until: string) =>
        `Activation link: confirms your email address, then your phone. It works for ${plural(days, 'day')}, until ${until}.`,
      edit: (days: number, until: string) =>
        `Edit link: opens your ad to change it, without an account. It works for ${plural(days, 'day')}, until ${until}.`,
      account: (days: number, until: string) =>
        `Account link: sets a password so the ad is yours to manage. It works for ${plural(days, 'day')}, until ${until}.`,
    },
    smsTitle: 'Confirm your phone',
    sms: (codeMinutes: number, wait: string, perHour: number) =>
      `Opening the activation link texts a 6-digit code to your phone. The code works for ${plural(codeMinutes, 'minute')}. If it does not arrive, you can ask for a new one after ${wait}, up to ${perHour} codes an hour.`,
    reviewTitle: 'Moderator review',
    publicTitle: 'Going public',
    public:
      'Your ad goes public once a moderator approves it and you have an account: set a password with the account link, or sign in with this email address. We email you when it is approved.',
    loadFailed:
      'We could not load the details of the next steps. The email we sent you explains them.',
  },
} as const;
