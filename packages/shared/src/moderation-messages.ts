/**
 * Messages of moderation: the moderator API's errors and what the advertiser is
 * told about a decision. Part of the message catalogue (see messages.ts).
 */
export const moderationMessages = {
  notFound: 'This item does not exist.',
  moderatorsOnly: 'Only moderators can do this.',
  adminsOnly: 'Only administrators can do this.',
  reasonRequired: 'Please give a reason (at least 3 characters).',
  reasonTooLong: 'The reason may be at most 2,000 characters long.',
  reasonCodeUnknown: 'Please choose a reason from the list.',
  roleUnknown: 'Please choose a role: advertiser, moderator or admin.',
  pageInvalid: 'The page must be a whole number from 1.',
  filterUnknown: 'Please choose a filter value from the list.',
  searchTooShort: 'Type at least 3 characters of an email address or phone number.',
  txidInvalid: 'A transaction id is 64 hexadecimal characters.',
  reportReasonUnknown: 'Please choose why you report this ad.',
  reportDetailsTooLong: 'Details may be at most 2,000 characters long.',
  notYourself: 'You cannot change your own account here.',
  refundNotReady: 'This refund has no address to send to yet.',
  refundAlreadySent: 'This refund was already sent.',
  reportResolved: 'This report is already resolved.',
  revisionBacklinkTaken:
    'This edit asks for a link another ad now uses, so it cannot be approved. Reject the edit and say why.',
  flags: {
    refusedWords: (words: readonly string[]) => `Refused words: ${words.join(', ')}`,
    phoneElsewhere: (count: number) =>
      `The same phone number is on ${count} ad${count === 1 ? '' : 's'} of other posters.`,
    emailElsewhere: (count: number) =>
      `The same email address is on ${count} ad${count === 1 ? '' : 's'} of other accounts.`,
    photoElsewhere: (count: number) =>
      `The same picture is on ${count} ad${count === 1 ? '' : 's'} of other posters.`,
    reports: (count: number) => `${count} open report${count === 1 ? '' : 's'} from visitors.`,
  },
  mail: {
    approvedSubject: (adId: string) => `Your ad #${adId} is approved`,
    approvedBody: (adId: string) =>
      `Good news: your ad #${adId} has been approved and is now public.`,
    approvedScheduledBody: (adId: string, startsOn: string) =>
      `Good news: your ad #${adId} has been approved. It goes public on ${startsOn} (UTC), the start date you chose; its time starts then.`,
    rejectedSubject: (adId: string) => `Your ad #${adId} was not approved`,
    rejectedBody: (adId: string) =>
      `We reviewed your ad #${adId} and could not approve it. The reason:`,
    rejectedFix: 'You can change the ad and send it for review again with this link:',
    /** A rejected ad with money applied: the payment is kept for a resubmission, or refunded on request. */
    rejectedPaymentKept:
      'Your payment is kept and its paid days have not started: change the ad and send it for review again with this link, and its time starts when it is approved:',
    rejectedRefundOffer: (link: string) =>
      `Or, if you prefer, ask for the refund of what you paid, less the network fee, here: ${link} (once refunded, the ad is unpaid).`,
    rejectedVipUnpaid:
      'You can change the ad and pay for it again to send it for review with this link:',
    revisionApprovedSubject: (adId: string) => `Your changes to ad #${adId} are approved`,
    revisionApprovedBody: (adId: string) =>
      `Your changes to ad #${adId} have been approved and are now public.`,
    revisionRejectedSubject: (adId: string) => `Your changes to ad #${adId} were not approved`,
    revisionRejectedBody: (adId: string) =>
      `We reviewed your changes to ad #${adId} and could not approve them. Your ad stays online as it was. The reason:`,
    revisionRejectedFix: 'You can change the ad again with this link:',
    approvedLink: 'Your ad is here:',
    /** An ad posted without an account is approved but shown only once it has an owner. */
    approvedNeedsAccount: (adId: string) =>
      `Your ad #${adId} has been approved. It goes public once it belongs to an account: set a password with the link in the mail you received when you posted it.`,
  },
} as const;
