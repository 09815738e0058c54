/** Texts of the ad lifecycle: expiry reminders, the expiry notice and renewal. Part of the message catalogue. */
export const lifecycleMessages = {
  renewPaidThroughPayment: 'A paid ad is renewed by paying for a new period.',
  renewNotAllowed: 'This ad cannot be renewed in its current state.',
} as const;
