/**
 * Texts of the ad lifecycle (issue 30: three languages): expiry reminders, the expiry
 * notice and renewal, the live ad's edits waiting for review, and why the ad's state
 * refuses an action. `adId`, `title` and `when` (a date already formatted in the
 * reader's language) come from the ad; `reason` is the moderator's own words.
 */
export default {
  renewPaidThroughPayment: 'A paid ad is renewed by paying for a new period.',
  renewNotAllowed: 'This ad cannot be renewed in its current state.',
  /** The ad form of a live ad: its edits wait for a moderator while it stays online. */
  editLive:
    'Your ad is live. Your changes will be reviewed by a moderator before they are shown; until then your ad stays online as it is now.',
  editSavedForReview: 'Your changes were saved and are waiting for review.',
  /** An edit of the live ad waits for review (the ad form and My Posts). */
  pendingRevision: 'Changes waiting for review',
  revisionRejected: 'Your last changes were not approved: {reason}',
  /** Why the ad's state refuses an action (answered with 409), one per event of the lifecycle table. */
  refused: {
    banned: 'This account is banned. Its ads can no longer be changed, paid for or posted.',
    deleted: 'This ad was deleted.',
    alreadySubmitted: 'This ad is already waiting for review.',
    payRejected:
      'This ad was not approved, so it cannot be paid for. Edit it and submit it again, or ask for the refund of what you paid.',
    notPayable: 'This ad cannot be paid for in its current state.',
    create: 'This ad cannot be posted.',
    save: 'This ad cannot be changed in its current state.',
    change_type:
      'The type of an ad cannot be changed once it is created, except a VIP ad with nothing paid, which may become a free ad.',
    edit_live: 'Only a live ad has its edits reviewed while it stays online.',
    submit: 'This ad cannot be submitted for review in its current state.',
    pay: 'This ad cannot be paid for in its current state.',
    payment_arrives: 'This ad cannot be paid for in its current state.',
    approve:
      'Only an ad waiting for review (or a rejected one that may be resubmitted) can be approved.',
    reject: 'Only an ad waiting for review or a public one can be rejected.',
    approve_revision: 'This ad has no edit waiting for review.',
    reject_revision: 'This ad has no edit waiting for review.',
    renew: 'This ad cannot be renewed in its current state.',
    expire: 'This ad is not due to expire.',
    delete: 'This ad was deleted.',
    ban_owner: 'This ad was deleted.',
    refund: 'Only a rejected ad’s payment can be refunded this way.',
  },
  mail: {
    weekSubject: 'Your ad #{adId} expires within a week',
    daySubject: 'Your ad #{adId} expires within a day',
    expiredSubject: 'Your ad #{adId} has expired',
    reminderBody:
      'Your ad #{adId} "{title}" expires on {when}. After that it is no longer shown on the site.',
    expiredBody: 'Your ad #{adId} "{title}" expired on {when} and is no longer shown on the site.',
    renewFree:
      'A free ad renews for free: once renewed it runs another 30 days (an expired ad is reviewed again first). Renew it with this link:',
    renewPaid: 'Renew it by paying for a new period with this link:',
  },
  renewView: {
    expiresOn: 'Your ad expires on {when}.',
    expiredOn: 'Your ad expired on {when}.',
    noExpiry: 'Your ad has no expiry date yet.',
    free: 'A free ad renews for free and then runs 30 days from the renewal.',
    /** A live ad: renewing keeps it online. */
    staysLive: 'Your ad stays online while you renew it: its 30 days start again now.',
    /** An expired ad: it is reviewed again before it is public. */
    reviewedAgain:
      'An expired ad is reviewed again before it is shown; its 30 days start at approval.',
    button: 'Renew for free',
    renewed: 'Your ad is renewed and waiting for review. It is public again once approved.',
    renewedLive: 'Your ad is renewed: it stays online for 30 more days from now.',
    notRenewable: 'Only an approved or expired ad can be renewed.',
  },
} as const;
