/**
 * The advertiser's ad (messages.ts, `adMessages`): the ad form's checks and hints, the
 * rates table and weekly hours, the posting wizard and its rules, the advertiser's posts
 * and a rejected ad's card, access to an ad, the email and phone verification, and the
 * content check. The rates' labels, durations, places, days and kinds of day are the
 * ad's words (the `ad-options` area), not repeated here.
 */
export default {
  form: {
    invalidSummary: 'Invalid form data found! Please check these fields:',
    required: 'This field is required.',
    tooLong: 'Please use at most {max} characters.',
    /** The description's counter, always shown: its plain text as the server counts it. */
    descriptionCount: '{used, number} of {max, number} characters used.',
    descriptionNearLimit: 'Only {left, plural, one {# character} other {# characters}} left.',
    descriptionOverLimit:
      '{over, plural, one {# character} other {# characters}} over the limit: please shorten the description.',
    phone: 'Please enter a phone number with 10 to 15 digits.',
    phoneNotDialable:
      'This phone number does not look like a real number for the country of the ad.',
    age: 'Please enter your age: you must be at least 19.',
    email: 'Please enter a valid email address.',
    url: 'Please enter a link starting with http:// or https:// to a public website.',
    backlinkNotFound:
      "We could not find a backlink on URL you provided or we don't allow links from this website...",
    backlinkTaken: 'This link is already used by another ad.',
    backlinkRequired: 'A free ad with a link needs the address of the page that links to us.',
    backlinkTarget:
      "The page must link to {siteUrl}. Paste this link into it, then give the page's address below:",
    backlinkSnippetLabel: 'HTML of the link',
    backlinkCopy: 'Copy the link',
    backlinkCopied: 'Copied',
    city: 'Please choose a city.',
    type: 'Please choose the type of ad.',
    typeCannotChange: 'The type of an ad cannot be changed once it is created.',
    typeFreeChoosable:
      'Nothing is paid for this VIP ad: you may keep it VIP and pay, or post it as a free ad instead.',
    option: 'Please choose one of the options.',
    contactsLabel: 'Show on my ad',
    contactsHint:
      'How people can reach you from your public ad. Your email is shown only if you tick Email.',
    contactsRequired: 'Please choose at least one way for people to reach you.',
    contactOption: 'Please choose call, text or email.',
  },
  /** The rates table and weekly hours of an ad (issue 29): the form, its checks, the ad page. */
  rates: {
    ratesHint: 'Optional: up to 8 rows. Each duration once for incall and once for outcall.',
    hoursHint:
      'Optional: for each day, closed, by appointment, or open from one time to a later one.',
    addRate: 'Add a rate',
    removeRate: 'Remove this rate',
    placeLabel: 'Where',
    amountLabel: 'Amount ({currency})',
    fromLabel: 'From',
    toLabel: 'To',
    rates: 'Please give the rates as a list of rows.',
    tooMany: 'Please give at most {max} rates.',
    duplicate: 'Each duration may be given once for incall and once for outcall.',
    duration: 'Please choose a duration from the list.',
    place: 'Please choose incall or outcall.',
    amount: 'Please enter an amount.',
    amountPositive: 'Please enter an amount above zero.',
    amountCents: 'Please enter an amount with at most two decimals.',
    amountTooLarge: 'Please enter an amount of at most {max, number}.',
    hours: 'Please give the hours as one entry per day, Monday to Sunday.',
    day: 'Please choose closed, by appointment, or a time to open and close.',
    time: 'Please enter a time as HH:MM, from 00:00 to 23:59.',
    endsBeforeStart: 'The closing time must be later than the opening time.',
  },
  wizard: {
    rulesHeading: 'Please read our Rules',
    rulesAccept: 'I have read and understand rules and terms and conditions on this site',
    agree: 'I Agree',
    selectCityFirst: 'To continue please select a city first!',
    selectTypeFirst: 'To continue please select type of ad you want to post!',
    postingOn: 'Posting on {city}, {country}',
    finishFailed: 'We could not finish posting your ad!',
    finishFailedCauses:
      'The link to our site could not be found on the page you gave, or the system is temporarily unavailable. Please try again later or contact {contactEmail}.',
    notFound: 'Oops... There was a problem! We could not retrieve this ad in our database.',
    updateFailed: 'We could not update your ad. Please try again.',
    submitForReview: 'Submit for Review',
    submitted: 'Your ad was sent for review.',
    submitNeedsPhoto:
      'A verified ad needs its verification photo: you holding a paper with the site’s name, today’s date and the code shown on the Photos step.',
    /** The wizard's local draft (docs/decisions.md, 'The wizard keeps a local draft'). */
    draftRestored: 'Restored your unsaved draft from {age}.',
    /**
     * How old a draft is, in words: 'less than a minute ago', '5 minutes ago', '2 days ago'.
     * `unit` is `now` (under a minute), `minutes`, `hours` or `days`; `n` is the whole
     * number of that unit.
     */
    draftAge:
      '{unit, select, now {less than a minute ago} minutes {{n, plural, one {# minute ago} other {# minutes ago}}} hours {{n, plural, one {# hour ago} other {# hours ago}}} other {{n, plural, one {# day ago} other {# days ago}}}}',
    draftDiscard: 'Discard draft',
    leaveUnsaved: 'Leave without saving? Your draft is kept on this device.',
    /** The posting rules (SPEC.md section 2), shown in the rules step and on /terms. */
    rules: {
      age: 'You must be over 21 years old, or of legal age where you live, to post an ad.',
      consent: 'Do not post an ad for someone else without their consent.',
      legal: 'No illegal activity of any kind.',
      language: 'No explicit language: ads that use it will not be approved.',
      media: 'No explicit or offensive photos or other media.',
      entertainment: 'Ads are for entertainment only and must not be used to solicit sex.',
      scams: 'No phishing, scams or misleading offers.',
      accuracy:
        'All information must be accurate. Ads with invalid phone numbers or emails may be removed without notice.',
      removal: 'We may take any ad down at any time.',
      refunds: 'Ads that break these rules may not be approved, and refunds are not guaranteed.',
    },
  },
  posts: {
    deleteTitle: 'Delete post?',
    deleteBody:
      'This post will be deactivated and permanently removed. Its details cannot be recovered.',
    deleteCancel: 'Cancel',
    deleteConfirm: 'Yes, remove it please!',
    deleted: 'Your ad was removed.',
    /** A rejected ad's card: the moderator's reason and what the advertiser can do next. */
    /** Before the reason: its punctuation is the language's. */
    rejectedReasonLabel: 'Why it was not approved:',
    rejectedNoReason: 'A moderator did not approve this ad.',
    rejectedNext: 'Fix what the reason says, then send the ad for review again.',
    /** A rejected ad's reason and the moderator's own words after it. */
    rejectedReasonWithNote: '{reason}: {note}',
    editAndResubmit: 'Edit and resubmit',
    askRefund: 'Ask for a refund',
    refundHow:
      'Your payment can be refunded, less the network fee: open the link in the email we sent when the ad was not approved and give the Bitcoin address to send it to. Or edit and resubmit: your paid days are kept.',
  },
  /**
   * Why a moderator did not approve an ad, as the advertiser reads it: My Posts' card and
   * the rejection mail (the console keeps its own labels, moderation.ts).
   */
  rejectionReasons: {
    explicit_language: 'Explicit language in the title or description',
    explicit_media: 'Explicit or offensive photos',
    age_unclear: 'Age not shown to be legal, or photos that look underage',
    not_the_person: 'Photos that do not show the person advertised',
    verification_photo: 'The verification photo does not show the site, the date and the ad’s code',
    invalid_contact: 'Phone number or email does not work',
    backlink_missing: 'The link back to our site is missing',
    illegal_or_scam: 'Illegal activity, phishing or scam',
    duplicate: 'Duplicate of another ad',
    other: 'Other',
  },
  /**
   * An ad's badges (badges.ts): its status, its type and the time it holds, on My Posts'
   * cards and the wizard. The time left is the `durations` area's ('12 days', '3 months').
   */
  badges: {
    status: {
      active: 'APPROVED',
      incomplete: 'INCOMPLETE',
      payment_pending: 'PAYMENT PENDING',
      rejected: 'NOT APPROVED',
      paused: 'PAUSED',
      scheduled: 'SCHEDULED',
      pending: 'PENDING',
    },
    type: {
      free: 'Free',
      vip: 'VIP',
      /** A paid option's length (`durations`: '30 days', '6 months'). */
      vipFor: 'VIP {duration}',
      /** A VIP ad whose payment was refunded (or never made). */
      vipNotPaid: 'VIP (not paid)',
      premium: 'Premium',
      regular: 'Standard',
      unknown: 'Unknown',
    },
    /** The time left of an ad whose time is over. */
    expired: 'expired',
    /** Paid days held until the ad is approved. */
    heldVip: 'VIP, {days, plural, one {# day} other {# days}} from approval',
    heldPremium: 'Premium, {days, plural, one {# day} other {# days}} from approval',
    heldBoth: '{vip}; {premium}',
  },
  access: {
    forbidden: 'You are not allowed to change this ad.',
    linkExpired: 'This edit link has expired. Please log in, or post the ad again.',
  },
  verification: {
    emailFailed: 'We could not validate your email address!',
    emailVerified: 'Your email address is verified.',
    smsSent: 'We sent a 6-digit code to your phone by text message.',
    smsCodeFailed: 'Code not recognized. Please check the code we sent to your phone.',
    smsCodeExpired: 'This code has expired or was tried too many times. Please ask for a new one.',
    resendCode: 'Resend code',
    /** The button while it waits: the wait in words (42 seconds, 8 minutes). */
    resendCodeIn: 'Resend code in {wait}',
    /** 'Resend code' texted a new code: earlier codes stop working. */
    smsResent:
      'We texted you a new code. It works for {ttlMinutes, plural, one {# minute} other {# minutes}}; earlier codes no longer work.',
    /** 'Resend code' asked again before the gap between texts has passed (429). */
    resendTooSoon: 'Please wait {wait} before asking for another code.',
    /** 'Resend code' past the texts allowed per hour for this ad (429). */
    resendHourly:
      'We texted {count, plural, one {# code} other {# codes}} for this ad in the last hour. You can ask for another in {wait}.',
    noPhone: 'This ad has no phone number to verify.',
    complete: 'Thank you! Your email address and phone number are verified.',
    smsBody: '{code} is your {siteName} verification code.',
  },
  content: {
    flaggedWords: 'Your ad contains words we do not allow. A moderator will review it.',
  },
} as const;
