/**
 * The photos step (SPEC.md section 2, Photos): the limits an upload is checked against,
 * its refusals, and the verification photo's slot of a free verified ad. The limits come
 * as placeholders: {formats} the accepted formats in words (`formatNames`, from
 * photo-formats.ts: 'JPEG, PNG, WebP, AVIF or HEIC'), {megabytes} and {megapixels} one
 * photo's limits (`photoFileLimits.maxMegabytes`, `.maxMegapixels`), {max} an ad's photos
 * at most (ad-options.ts, `adLimits.photosMax`).
 */
export default {
  /** The accepted formats in words: every name but the last, then the last ({formats} above). */
  formatNames: '{names} or {last}',
  notAnImage: 'This file is not a photo we accept. Please use {formats}.',
  tooLarge: 'This photo is larger than {megabytes} MB.',
  tooManyPixels: 'This photo has more than {megapixels} megapixels. Please use a smaller one.',
  /** Under the photo picker: every limit an upload is checked against, said before it. */
  uploadLimits:
    '{formats}, up to {megabytes} MB and {megapixels} megapixels each; at most {max} photos per ad.',
  corrupt: 'This photo could not be read: the file is damaged or incomplete.',
  tooMany: 'An ad can have at most {max} photos.',
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
    siteName: 'the site’s name',
    date: 'today’s date',
    code: 'this code, made for your ad',
    why: 'The code is made for this ad only, so a photo taken for another ad or an older one cannot be used.',
    empty: 'No verification photo yet.',
    choose: 'Choose your verification photo',
    replace: 'Choose another verification photo',
    inputLabel: 'Add verification photo',
    previewAlt: 'Preview of your verification photo {fileName}',
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
