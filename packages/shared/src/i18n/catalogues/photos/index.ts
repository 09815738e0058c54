import { adLimits } from '../../../ad-options.js';
import { photoFileLimits, photoFormats } from '../../../photo-formats.js';
import type { CatalogueArea } from '../../catalogue.js';
import { sayingsOf } from '../../said.js';
import en from './en.js';
import es from './es.js';
import frCA from './fr-CA.js';

/** The photos step: its limits, refusals and the verification photo's slot. */
export const photosCatalogue: CatalogueArea<typeof en> = { en, 'fr-CA': frCA, es };

const photos = sayingsOf('photos', en);
const labels = photoFormats.map((format) => format.label);

/** The accepted formats in words, in the reader's language ('JPEG, PNG, WebP, AVIF or HEIC'). */
const formats = photos.formatNames({
  names: labels.slice(0, -1).join(', '),
  last: labels.at(-1) ?? '',
});

/**
 * The photos' texts as named ones (`Said`), the limits' texts with their numbers
 * (photo-formats.ts, ad-options.ts) filled in.
 */
export const photoMessages = {
  ...photos,
  notAnImage: photos.notAnImage({ formats }),
  tooLarge: photos.tooLarge({ megabytes: photoFileLimits.maxMegabytes }),
  tooManyPixels: photos.tooManyPixels({ megapixels: photoFileLimits.maxMegapixels }),
  uploadLimits: photos.uploadLimits({
    formats,
    megabytes: photoFileLimits.maxMegabytes,
    megapixels: photoFileLimits.maxMegapixels,
    max: adLimits.photosMax,
  }),
} as const;
