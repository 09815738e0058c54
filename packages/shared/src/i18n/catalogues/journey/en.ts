/**
 * The advertiser's journey (issue 16): the prices on the type step and the page after
 * an anonymous submission. Every number in them comes from the server's answer
 * (GET /api/prices, GET /api/post/{id}/activation); amounts of money come formatted in
 * the reader's language (money.ts, `formatMoneyIn`), a wait in words (`durations`).
 */
export default {
  prices: {
    /** A free type's price on its card. */
    free: 'Free',
    /** One option of a paid type: its duration and price in the site's currency... */
    option: '{label}: {price}',
    /** ...and beside it, what it comes to in BTC at the current rate. */
    btc: '({btc} BTC)',
    pricesFor: 'Prices in {city}',
    chooseCity: 'Choose a city to see the prices.',
    loading: 'Loading the prices…',
    failed: 'The prices could not be loaded. The amount to pay is shown with the payment address.',
    /** Under the prices: the rate the BTC amounts use. */
    rate: 'BTC amounts at 1 BTC = {rate}. The amount to pay is fixed when you get the payment address.',
    noRate: 'No BTC rate right now: the BTC amount is shown with the payment address.',
  },
  afterSubmission: {
    heading: 'What happens next',
    checkMailTitle: 'Check your mail',
    checkMail:
      'We sent an email to {email}. If it is not in your inbox within a few minutes, look in your spam folder.',
    linksTitle: 'What the email holds',
    /** Each link of the mail, with how long it works (`until` is a formatted date). */
    links: {
      activation:
        'Activation link: confirms your email address, then your phone. It works for {days, plural, one {# day} other {# days}}, until {until}.',
      edit: 'Edit link: opens your ad to change it, without an account. It works for {days, plural, one {# day} other {# days}}, until {until}.',
      account:
        'Account link: sets a password so the ad is yours to manage. It works for {days, plural, one {# day} other {# days}}, until {until}.',
    },
    smsTitle: 'Confirm your phone',
    sms: 'Opening the activation link texts a 6-digit code to your phone. The code works for {codeMinutes, plural, one {# minute} other {# minutes}}. If it does not arrive, you can ask for a new one after {wait}, up to {perHour} codes an hour.',
    reviewTitle: 'Moderator review',
    publicTitle: 'Going public',
    public:
      'Your ad goes public once a moderator approves it and you have an account: set a password with the account link, or sign in with this email address. We email you when it is approved.',
    loadFailed:
      'We could not load the details of the next steps. The email we sent you explains them.',
  },
} as const;
