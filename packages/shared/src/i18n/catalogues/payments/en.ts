/**
 * The payment view (SPEC.md sections 2 and 4) and featuring an ad from My Posts: the
 * payment address and its states, the VIP and Premium durations, the refund of money
 * that could not be used. Amounts arrive already formatted; the BTC amounts are the
 * server's. A count of days or minutes is a plural ({days}, {minutes}).
 */
export default {
  refundAddressSaved: 'Thank you. We will send your refund to this address, less the network fee.',
  refundAddressInvalid: 'This is not a valid Bitcoin address for our network. Please check it.',
  refundLinkInvalid: 'This refund link is not valid, or an address was already given.',
  refundTitle: 'Your refund',
  /** The mail that asks a payer where to send a refund (late money, money beyond the order, a deleted ad). */
  refundMail: {
    subject: 'Refund for ad #{adId}',
    /** `amountBtc`: the BTC amount as the server writes it. */
    body: '{amountBtc} BTC you paid for ad #{adId} could not be used for it, so it will be refunded, less the network fee.',
    ask: 'Please tell us the Bitcoin address to send it to:',
  },
  refundAddressLabel: 'Your Bitcoin address',
  refundSubmit: 'Send me the refund',
  titles: {
    pay: 'Almost there...',
    renew: 'Renew Your Ad',
    complete: 'Payment Complete',
  },
  /** SPEC.md section 4, verbatim. */
  expired:
    'This address is expired. Please restart this transaction. We can still receive the payment if you have already sent it.',
  alreadyPaid:
    'Your ad is already paid and not expired: it runs for {days, plural, one {# day} other {# days}} more.',
  alreadyFeatured:
    'This ad is already featured: the feature runs for {days, plural, one {# day} other {# days}} more.',
  renewAdvice: 'We advise you to renew about a week before expiry or any time later.',
  vipIntro:
    'Your VIP ad is shown above the free ads for the time you pay for, and it is reviewed first.',
  premiumIntro:
    'A featured ad is shown at the top of its city for the time you pay for, with a Premium badge.',
  vipLegend: 'How long should your VIP ad run?',
  premiumLegend: 'How long should this ad be featured?',
  chooseDurationFirst: 'To continue please choose how long you want to pay for!',
  /**
   * A price preview's range by city tier (one option's own price is `formatFiat`).
   * `low`: the lowest price, its number only (money.ts, `groupFiat`); `high`: the highest
   * price with its currency (`formatFiat`).
   */
  priceRange: '{low} to {high}',
  priceByCity:
    'The price depends on the city of your ad. The amount to pay is shown with the payment address.',
  getAddress: 'Get payment address',
  /** One open address per ad and product: another option waits until it expires. */
  openOrderExists:
    'You already have an open payment address for this ad: pay it, or wait until it expires (in {minutes, plural, one {# minute} other {# minutes}}) to choose another option.',
  newAddress: 'Get a new address',
  otherDuration: 'Choose another duration',
  addressFailed: 'We could not get a payment address. Please try again later.',
  sendExactly: 'Send exactly this amount to the address below, in one payment.',
  waiting: 'Waiting for your payment.',
  processing: 'Payment seen, waiting for confirmation.',
  /** `missing`: the BTC amount still to pay, as the server writes it. */
  underpaid:
    'Payment seen, but {missing} BTC is still missing. Please send the missing amount to the same address.',
  completePaid: 'Thank you! Your payment is confirmed.',
  completePremium: 'Thank you! Your payment is confirmed: your ad is featured now.',
  /** After paying: what happens next, for an ad waiting for review or a live one. */
  nextReview:
    'What happens next: your ad now waits for review by a moderator. The paid days start when it is approved, and we email you then.',
  nextLive: 'What happens next: nothing more to do. Your ad stays online with the paid time added.',
  nextPremiumReview:
    'What happens next: your ad now waits for review by a moderator. It is featured from its approval, and the featured days start then.',
  completePremiumHeld: 'Thank you! Your payment is confirmed.',
  /** A VIP ad paid for and waiting for review, opened again: nothing to renew yet. */
  heldForReview:
    "Your payment is received: {days, plural, one {# day} other {# days}} of VIP time wait for your ad's approval and start then. Your ad now waits for review by a moderator.",
  copyAddress: 'Copy address',
  copied: 'The address is copied.',
  copyFailed: 'The address could not be copied: please select it and copy it.',
  openWallet: 'Open in wallet',
  explorer: 'View the address on a block explorer',
  qrAlt: 'QR code of the payment: address and amount',
  featureThisAd: 'Feature this ad',
  premiumBadge: 'Premium',
  /** The receipt of a paid order, on the 'Payment Complete' view and in its mail (receipt.ts). */
  receipt: {
    heading: 'Receipt',
    print: 'Print receipt',
    loadFailed: 'The receipt could not be loaded. It is also in the mail we sent you.',
    labels: {
      order: 'Order',
      ad: 'Ad',
      bought: 'Bought',
      price: 'Price',
      amount: 'Amount',
      rate: 'Exchange rate',
      paid: 'Received',
      transactions: 'Transaction',
      paidAt: 'Paid on',
    },
    /** The ad: its number and its title (the poster's words). */
    ad: '#{adId} {title}',
    /** What was bought: `duration` is the option's length in words ('30 days'). */
    boughtVip: 'VIP, {duration}',
    boughtPremium: 'Premium (featured), {duration}',
  },
} as const;
