import { paymentMessages } from './messages.js';

/** Texts of the ad lifecycle: expiry reminders, the expiry notice and renewal. Part of the message catalogue. */
export const lifecycleMessages = {
  renewPaidThroughPayment: 'A paid ad is renewed by paying for a new period.',
  renewNotAllowed: 'This ad cannot be renewed in its current state.',
  mail: {
    weekSubject: (adId: string) => `Your ad #${adId} expires within a week`,
    daySubject: (adId: string) => `Your ad #${adId} expires within a day`,
    expiredSubject: (adId: string) => `Your ad #${adId} has expired`,
    reminderBody: (adId: string, title: string, when: string) =>
      `Your ad #${adId} "${title}" expires on ${when}. After that it is no longer shown on the site.`,
    expiredBody: (adId: string, title: string, when: string) =>
      `Your ad #${adId} "${title}" expired on ${when} and is no longer shown on the site.`,
    renewFree:
      'A free ad renews for free: it goes back to review and, once approved, runs another 30 days. Renew it with this link:',
    renewPaid: 'Renew it by paying for a new period with this link:',
  },
  renewView: {
    /** The same title as the payment view's renewal. */
    title: paymentMessages.titles.renew,
    expiresOn: (when: string) => `Your ad expires on ${when}.`,
    expiredOn: (when: string) => `Your ad expired on ${when}.`,
    noExpiry: 'Your ad has no expiry date yet.',
    free: 'A free ad renews for free. It goes back to review and, once approved, runs another 30 days.',
    offWhileReviewed:
      'While it is reviewed again it is not shown on the site, so renew when it is about to expire or after.',
    button: 'Renew for free',
    renewed: 'Your ad is renewed and waiting for review. It is public again once approved.',
    notRenewable: 'Only an approved or expired ad can be renewed.',
  },
} as const;
