import { formatFiat, groupFiat } from './money.js';
import { adLimits } from './ad-options.js';
import { photoFileLimits, photoFormatNames } from './photo-formats.js';
import * as adWords from './i18n/catalogues/ad-options/en/rates.js';
import { waitUnit } from './i18n/wait.js';

/** A wait in English words, rounded up by the one rule (`waitUnit`): '8 minutes'. */
export function waitInWords(seconds: number): string {
  const { unit, n } = waitUnit(seconds);
  const word = unit.slice(0, -1);
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Messages of ads: the form, the wizard, My Posts and verification (SPEC.md 2, 5, 8). */
export const adMessages = {
  form: {
    invalidSummary: 'Invalid form data found! Please check these fields:',
    required: 'This field is required.',
    tooLong: (max: number) => `Please use at most ${max} characters.`,
    /** The description's counter, always shown: its plain text as the server counts it. */
    descriptionCount: (used: number, max: number) =>
      `${used.toLocaleString('en-US')} of ${max.toLocaleString('en-US')} characters used.`,
    descriptionNearLimit: (left: number) =>
      `Only ${left.toLocaleString('en-US')} ${left === 1 ? 'character' : 'characters'} left.`,
    descriptionOverLimit: (over: number) =>
      `${over.toLocaleString('en-US')} ${over === 1 ? 'character' : 'characters'} over the limit: please shorten the description.`,
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
    backlinkTarget: (siteUrl: string) =>
      `The page must link to ${siteUrl}. Paste this link into it, then give the page's address below:`,
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
    ratesLabel: adWords.rates.ratesLabel,
    ratesHint: 'Optional: up to 8 rows. Each duration once for incall and once for outcall.',
    hoursLabel: adWords.rates.hoursLabel,
    hoursHint:
      'Optional: for each day, closed, by appointment, or open from one time to a later one.',
    addRate: 'Add a rate',
    removeRate: 'Remove this rate',
    durationLabel: adWords.rates.durationLabel,
    placeLabel: 'Where',
    amountLabel: (currency: string) => `Amount (${currency})`,
    fromLabel: 'From',
    toLabel: 'To',
    durations: adWords.rates.durations,
    places: adWords.rates.places,
    days: adWords.rates.days,
    dayKinds: adWords.rates.dayKinds,
    rates: 'Please give the rates as a list of rows.',
    tooMany: (max: number) => `Please give at most ${max} rates.`,
    duplicate: 'Each duration may be given once for incall and once for outcall.',
    duration: 'Please choose a duration from the list.',
    place: 'Please choose incall or outcall.',
    amount: 'Please enter an amount.',
    amountPositive: 'Please enter an amount above zero.',
    amountCents: 'Please enter an amount with at most two decimals.',
    amountTooLarge: (max: number) =>
      `Please enter an amount of at most ${max.toLocaleString('en-US')}.`,
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
    postingOn: (city: string, country: string) => `Posting on ${city}, ${country}`,
    finishFailed: 'We could not finish posting your ad!',
    finishFailedCauses: (contactEmail: string) =>
      `The link to our site could not be found on the page you gave, or the system is temporarily unavailable. Please try again later or contact ${contactEmail}.`,
    notFound: 'Oops... There was a problem! We could not retrieve this ad in our database.',
    updateFailed: 'We could not update your ad. Please try again.',
    submitForReview: 'Submit for Review',
    submitted: 'Your ad was sent for review.',
    submitNeedsPhoto:
      'A verified ad needs its verification photo: you holding a paper with the site\u2019s name, today\u2019s date and the code shown on the Photos step.',
    /** The wizard's local draft (docs/decisions.md, 'The wizard keeps a local draft'). */
    draftRestored: (age: string) => `Restored your unsaved draft from ${age}.`,
    /** How old a draft is, in words: 'less than a minute ago', '5 minutes ago', '2 days ago'. */
    draftAge: (seconds: number) => {
      const ago = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;
      if (seconds < 60) return 'less than a minute ago';
      if (seconds < 3600) return ago(Math.floor(seconds / 60), 'minute');
      if (seconds < 86_400) return ago(Math.floor(seconds / 3600), 'hour');
      return ago(Math.floor(seconds / 86_400), 'day');
    },
    draftDiscard: 'Discard draft',
    leaveUnsaved: 'Leave without saving? Your draft is kept on this device.',
    /** The posting rules (SPEC.md section 2), shown in the rules step and on /terms. */
    rules: [
      'You must be over 21 years old, or of legal age where you live, to post an ad.',
      'Do not post an ad for someone else without their consent.',
      'No illegal activity of any kind.',
      'No explicit language: ads that use it will not be approved.',
      'No explicit or offensive photos or other media.',
      'Ads are for entertainment only and must not be used to solicit sex.',
      'No phishing, scams or misleading offers.',
      'All information must be accurate. Ads with invalid phone numbers or emails may be removed without notice.',
      'We may take any ad down at any time.',
      'Ads that break these rules may not be approved, and refunds are not guaranteed.',
    ],
  },
  posts: {
    deleteTitle: 'Delete post?',
    deleteBody:
      'This post will be deactivated and permanently removed. Its details cannot be recovered.',
    deleteCancel: 'Cancel',
    deleteConfirm: 'Yes, remove it please!',
    deleted: 'Your ad was removed.',
    /** A rejected ad's card: the moderator's reason and what the advertiser can do next. */
    rejectedReasonLabel: 'Why it was not approved',
    rejectedNoReason: 'A moderator did not approve this ad.',
    rejectedNext: 'Fix what the reason says, then send the ad for review again.',
    editAndResubmit: 'Edit and resubmit',
    askRefund: 'Ask for a refund',
    refundHow:
      'Your payment can be refunded, less the network fee: open the link in the email we sent when the ad was not approved and give the Bitcoin address to send it to. Or edit and resubmit: your paid days are kept.',
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
    resendCodeIn: (wait: string) => `Resend code in ${wait}`,
    /** 'Resend code' texted a new code: earlier codes stop working. */
    smsResent: (ttlMinutes: number) =>
      `We texted you a new code. It works for ${ttlMinutes} minutes; earlier codes no longer work.`,
    /** 'Resend code' asked again before the gap between texts has passed (429). */
    resendTooSoon: (wait: string) => `Please wait ${wait} before asking for another code.`,
    /** 'Resend code' past the texts allowed per hour for this ad (429). */
    resendHourly: (count: number, wait: string) =>
      `We texted ${count} codes for this ad in the last hour. You can ask for another in ${wait}.`,
    noPhone: 'This ad has no phone number to verify.',
    complete: 'Thank you! Your email address and phone number are verified.',
    smsBody: (code: string, siteName: string) => `${code} is your ${siteName} verification code.`,
  },
  content: {
    flaggedWords: 'Your ad contains words we do not allow. A moderator will review it.',
  },
} as const;

/** Messages of the photos step (SPEC.md section 2, Photos). */
export const photoMessages = {
  notAnImage: `This file is not a photo we accept. Please use ${photoFormatNames}.`,
  tooLarge: `This photo is larger than ${photoFileLimits.maxMegabytes} MB.`,
  tooManyPixels: `This photo has more than ${photoFileLimits.maxMegapixels} megapixels. Please use a smaller one.`,
  /** Under the photo picker: every limit an upload is checked against, said before it. */
  uploadLimits: `${photoFormatNames}, up to ${photoFileLimits.maxMegabytes} MB and ${photoFileLimits.maxMegapixels} megapixels each; at most ${adLimits.photosMax} photos per ad.`,
  corrupt: 'This photo could not be read: the file is damaged or incomplete.',
  tooMany: (max: number) => `An ad can have at most ${max} photos.`,
  noFiles: 'Please choose at least one photo.',
  notFound: 'This photo does not exist.',
  uploadHint: 'Click Update Photos to finish uploading your photos.',
  verificationBadge: 'Verification photo',
  verificationOnlyVerified: 'Only a verified ad has a verification photo.',
  /** The verification photo's slot on the photos step of a free verified ad. */
  verificationSlot: {
    heading: 'Verification photo',
    neverPublic: 'Never shown on your ad: only our moderators see it.',
    intro: 'Take a photo of yourself holding a sheet of paper on which you have written by hand:',
    siteName: 'the site\u2019s name',
    date: 'today\u2019s date',
    code: 'this code, made for your ad',
    why: 'The code is made for this ad only, so a photo taken for another ad or an older one cannot be used.',
    empty: 'No verification photo yet.',
    choose: 'Choose your verification photo',
    replace: 'Choose another verification photo',
    inputLabel: 'Add verification photo',
    previewAlt: (fileName: string) => `Preview of your verification photo ${fileName}`,
    currentAlt: 'Your verification photo',
    waiting: 'It is sent with Update Photos.',
    missing: 'Add your verification photo to finish: a verified ad needs it.',
  },
  unknownSlot: 'A photo goes either to the public photos or to the verification photo.',
  verificationOneFile: 'Please send one photo as the verification photo.',
  verificationSlotTaken:
    'This ad has a verification photo already. Delete it first, or upload a new one in its place.',
  verificationNotPrimary:
    'The verification photo is never shown, so it cannot be the primary photo.',
  uploadFailed: 'Some photos could not be uploaded.',
  /** An upload while the photo storage does not answer (503): nothing was added. */
  uploadUnavailable:
    'Your photos could not be saved just now, so nothing was added. Please try again in a few minutes.',
  /** A photo file asked for while the photo storage does not answer (503). */
  fileUnavailable: 'This photo cannot be shown just now. Please try again in a few minutes.',
  unreadableUpload: 'The upload could not be read. Please try again.',
  /** In place of a chosen file's preview the browser cannot draw (HEIC outside Safari). */
  noPreview: 'No preview',
} as const;

const dayCount = (days: number) => (days === 1 ? '1 day' : `${days} days`);

/**
 * Messages of the payment view (SPEC.md sections 2 and 4) and of featuring an ad
 * from My Posts. Amounts arrive already formatted; the BTC amounts are the server's.
 */
export const paymentMessages = {
  refundAddressSaved: 'Thank you. We will send your refund to this address, less the network fee.',
  refundAddressInvalid: 'This is not a valid Bitcoin address for our network. Please check it.',
  refundLinkInvalid: 'This refund link is not valid, or an address was already given.',
  refundTitle: 'Your refund',
  /** The mail that asks a payer where to send a refund (late money, money beyond the order, a deleted ad). */
  refundMail: {
    subject: (adId: string) => `Refund for ad #${adId}`,
    body: (adId: string, amountBtc: string) =>
      `${amountBtc} BTC you paid for ad #${adId} could not be used for it, so it will be refunded, less the network fee.`,
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
  alreadyPaid: (days: number) =>
    `Your ad is already paid and not expired: it runs for ${dayCount(days)} more.`,
  alreadyFeatured: (days: number) =>
    `This ad is already featured: the feature runs for ${dayCount(days)} more.`,
  renewAdvice: 'We advise you to renew about a week before expiry or any time later.',
  vipIntro:
    'Your VIP ad is shown above the free ads for the time you pay for, and it is reviewed first.',
  premiumIntro:
    'A featured ad is shown at the top of its city for the time you pay for, with a Premium badge.',
  vipLegend: 'How long should your VIP ad run?',
  premiumLegend: 'How long should this ad be featured?',
  chooseDurationFirst: 'To continue please choose how long you want to pay for!',
  /** A price preview's range by city tier (one option's own price is `formatFiat`). */
  priceRange: (low: string, high: string, currency: string) =>
    `${groupFiat(low)} to ${formatFiat(high, currency)}`,
  priceByCity:
    'The price depends on the city of your ad. The amount to pay is shown with the payment address.',
  getAddress: 'Get payment address',
  /** One open address per ad and product: another option waits until it expires. */
  openOrderExists: (minutes: number) =>
    `You already have an open payment address for this ad: pay it, or wait until it expires (in ${minutes === 1 ? '1 minute' : `${minutes} minutes`}) to choose another option.`,
  newAddress: 'Get a new address',
  otherDuration: 'Choose another duration',
  addressFailed: 'We could not get a payment address. Please try again later.',
  sendExactly: 'Send exactly this amount to the address below, in one payment.',
  waiting: 'Waiting for your payment.',
  processing: 'Payment seen, waiting for confirmation.',
  underpaid: (missing: string) =>
    `Payment seen, but ${missing} BTC is still missing. Please send the missing amount to the same address.`,
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
  heldForReview: (days: number) =>
    `Your payment is received: ${dayCount(days)} of VIP time wait for your ad's approval and start then. Your ad now waits for review by a moderator.`,
  copyAddress: 'Copy address',
  copied: 'The address is copied.',
  copyFailed: 'The address could not be copied: please select it and copy it.',
  openWallet: 'Open in wallet',
  explorer: 'View the address on a block explorer',
  qrAlt: 'QR code of the payment: address and amount',
  featureThisAd: 'Feature this ad',
  premiumBadge: 'Premium',
} as const;
