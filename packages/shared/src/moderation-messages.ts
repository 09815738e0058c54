/**
 * Messages of moderation: the moderator API's errors. Part of the message catalogue
 * (see messages.ts); what the advertiser is told about a decision is the `mails` area's
 * (`mailMessages.moderation`), in the advertiser's language.
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
} as const;
