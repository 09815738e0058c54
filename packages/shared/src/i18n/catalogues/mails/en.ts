/**
 * The mails of the accounts, the ads and moderation (issue 30: three languages), each
 * written in its reader's language. `site` is the brand's name; `link` a web address;
 * `adId` an ad's number; `minutes` and `days` a link's or a code's lifetime (plurals);
 * `startsOn` a date already formatted in the reader's language.
 */
export default {
  verificationCode: {
    subject: 'Your verification code: {code}',
    lines: {
      code: 'Your {site} verification code is {code}.',
      enter:
        'Enter it on the verification page to confirm your email address. It expires in {minutes, plural, one {# minute} other {# minutes}}.',
      notYou: 'If you did not register, you can ignore this message.',
    },
  },
  passwordReset: {
    subject: 'Reset your password',
    lines: {
      asked: 'Someone asked to reset the password of your {site} account.',
      open: 'Open this link within {minutes, plural, one {# minute} other {# minutes}} to choose a new password. It works once.',
      notYou: 'If it was not you, ignore this message: your password stays the same.',
    },
  },
  /** A staff account made at the command line: its owner chooses the password through the link. */
  staffInvitation: {
    subject: 'Your {role, select, admin {administrator} other {moderator}} account',
    lines: {
      made: 'The operators of {site} made you {role, select, admin {an administrator} other {a moderator}} account with this email address.',
      open: 'Open this link within {minutes, plural, one {# minute} other {# minutes}} to choose your password. It works once.',
      expired:
        'If it has expired, ask for a new one with "Forgot password" on the login page. Then sign in and open the moderation console at /admin.',
    },
  },
  alreadyRegistered: {
    subject: 'You already have an account',
    lines: {
      tried:
        'Someone tried to register on {site} with this email address, which already has an account.',
      ifYou: 'If it was you, log in, or reset your password if you forgot it:',
    },
  },
  /** Every new ad's mail: confirm the email (then the phone), and how to come back to an ad posted without an account. */
  adCreated: {
    subject: 'Your ad #{adId}: edit link and activation',
    lines: {
      thanks: 'Thank you for posting ad #{adId} on {site}.',
      confirm: 'Confirm your email address and phone number with this link: {link}',
      editLink:
        'Keep this edit link to change your ad later (it works for {days, plural, one {# day} other {# days}}): {link}',
      register:
        'Ads go public only when their poster has an account. Set a password here to own this ad: {link}',
    },
  },
  /** What the advertiser is told about a moderator's decision. */
  moderation: {
    approvedSubject: 'Your ad #{adId} is approved',
    approvedBody: 'Good news: your ad #{adId} has been approved and is now public.',
    approvedScheduledBody:
      'Good news: your ad #{adId} has been approved. It goes public on {startsOn} (UTC), the start date you chose; its time starts then.',
    rejectedSubject: 'Your ad #{adId} was not approved',
    /** Followed by the reason's label (when one was chosen) and the moderator's own words. */
    rejectedBody: 'We reviewed your ad #{adId} and could not approve it. The reason:',
    rejectedFix: 'You can change the ad and send it for review again with this link:',
    /** A rejected ad with money applied: the payment is kept for a resubmission, or refunded on request. */
    rejectedPaymentKept:
      'Your payment is kept and its paid days have not started: change the ad and send it for review again with this link, and its time starts when it is approved:',
    rejectedRefundOffer:
      'Or, if you prefer, ask for the refund of what you paid, less the network fee, here: {link} (once refunded, the ad is unpaid).',
    rejectedVipUnpaid:
      'You can change the ad and pay for it again to send it for review with this link:',
    revisionApprovedSubject: 'Your changes to ad #{adId} are approved',
    revisionApprovedBody: 'Your changes to ad #{adId} have been approved and are now public.',
    revisionRejectedSubject: 'Your changes to ad #{adId} were not approved',
    revisionRejectedBody:
      'We reviewed your changes to ad #{adId} and could not approve them. Your ad stays online as it was. The reason:',
    revisionRejectedFix: 'You can change the ad again with this link:',
    approvedLink: 'Your ad is here:',
    /** An ad posted without an account is approved but shown only once it has an owner. */
    approvedNeedsAccount:
      'Your ad #{adId} has been approved. It goes public once it belongs to an account: set a password with the link in the mail you received when you posted it.',
  },
  /** The receipt's mail: its facts follow, one a line. */
  receipt: {
    subject: 'Receipt for your payment for ad #{adId}',
    intro:
      'Thank you for your payment for ad #{adId} on {site}. This is your receipt; please keep it.',
    /** One fact of the receipt: its label and its value. */
    fact: '{label}: {value}',
  },
} as const;
