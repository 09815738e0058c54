/**
 * The photo formats the server converts: one list for the server's check of the
 * bytes (`sharp`: the format sharp's metadata names, and its compression for the
 * HEIF container), the file picker's `accept` and the messages that name them.
 *
 * HEIC (HEVC in a HEIF container, phones' default) is decoded by libheif-js, since
 * sharp's prebuilt libvips has no HEVC decoder (docs/decisions.md, "HEIC photos").
 */
export const photoFormats = [
  {
    label: 'JPEG',
    mimeType: 'image/jpeg',
    extensions: ['.jpg', '.jpeg'],
    sharp: { format: 'jpeg' },
  },
  { label: 'PNG', mimeType: 'image/png', extensions: ['.png'], sharp: { format: 'png' } },
  { label: 'WebP', mimeType: 'image/webp', extensions: ['.webp'], sharp: { format: 'webp' } },
  {
    label: 'AVIF',
    mimeType: 'image/avif',
    extensions: ['.avif'],
    sharp: { format: 'heif', compression: 'av1' },
  },
  {
    label: 'HEIC',
    mimeType: 'image/heic',
    /** The same files as some browsers and phones name them. */
    otherMimeTypes: ['image/heif'],
    extensions: ['.heic', '.heif', '.hif'],
    sharp: { format: 'heif', compression: 'hevc' },
  },
] as const;
export type PhotoFormat = (typeof photoFormats)[number];

/**
 * What one uploaded photo may be: its file's size and its pixels (width × height;
 * larger images are refused before decoding: decompression bombs). The server checks
 * them, the picker checks the size, and the photos step says both before an upload.
 */
export const photoFileLimits = { maxMegabytes: 20, maxMegapixels: 50 } as const;

/** 'JPEG, PNG, WebP, AVIF or HEIC'. */
export const photoFormatNames = `${photoFormats
  .slice(0, -1)
  .map((f) => f.label)
  .join(', ')} or ${photoFormats[photoFormats.length - 1]?.label ?? ''}`;

/**
 * The storage key of a photo file, made by the server only (never from a user's
 * file name): `{adId}/{photoId}-{width}.webp`. A backup names its photo files by it.
 */
export const photoKeyPattern = /^\d{1,18}\/[0-9a-f-]{36}-\d{2,4}\.webp$/;
