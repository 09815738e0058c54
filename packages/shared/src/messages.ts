import { formatFiat, groupFiat } from './money.js';
import { adLimits } from './ad-options.js';
import { photoFileLimits, photoFormatNames } from './photo-formats.js';
import { waitUnit } from './i18n/wait.js';

/** A wait in English words, rounded up by the one rule (`waitUnit`): '8 minutes'. */
export function waitInWords(seconds: number): string {
  const { unit, n } = waitUnit(seconds);
  const word = unit.slice(0, -1);
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

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
