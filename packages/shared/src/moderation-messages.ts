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
  searchTooShort: 'Type at least 3 characters of an email address or phone number.',
  txidInvalid: 'A transaction id is 64 hexadecimal characters.',
  reportReasonUnknown: 'Please choose why you report this ad.',
  reportDetailsTooLong: 'Details may be at most 2,000 characters long.',
  notPending: 'This ad is not waiting for review.',
  cannotReject: 'This ad cannot be rejected in its current state.',
  notYourself: 'You cannot change your own account here.',
  refundNotReady: 'This refund has no address to send to yet.',
  mail: {
    approvedSubject: (adId: string) => `Your ad #${adId} is approved`,
    approvedBody: (adId: string) =>
      `Good news: your ad #${adId} has been approved and is now public.`,
    rejectedSubject: (adId: string) => `Your ad #${adId} was not approved`,
    rejectedBody: (adId: string) =>
      `We reviewed your ad #${adId} and could not approve it. The reason:`,
    rejectedFix: 'You can change the ad and send it for review again with this link:',
  },
} as const;
