import { photoFileLimits, photoFormats, photoMessages } from '@adboard/shared';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { RefusedError } from '../../domain/errors.js';
import { decodeHeic } from './decode-heic.js';
import { perceptualHash } from './perceptual-hash.js';
import { DISPLAY_WIDTH, PHOTO_WIDTHS } from './photo-presenter.js';

export const photoLimits = {
  maxBytes: photoFileLimits.maxMegabytes * 1024 * 1024,
  /** Larger images are refused before decoding: decompression bombs. */
  maxPixels: photoFileLimits.maxMegapixels * 1_000_000,
  /** A HEIC decode (WebAssembly, in a worker) taking longer is stopped and refused. */
  heicDecodeMs: 60_000,
  widths: PHOTO_WIDTHS,
};

/**
 * Whether the bytes are of a format we convert (`photoFormats`): sharp's format name,
 * and for the HEIF container its compression (AV1 there is AVIF).
 */
function isAcceptedFormat(meta: Metadata): boolean {
  return photoFormats.some(
    ({ sharp: wanted }) =>
      wanted.format === meta.format &&
      (!('compression' in wanted) || wanted.compression === meta.compression),
  );
}

/**
 * HEIC: HEVC in a HEIF container (a phone's default). sharp's prebuilt libvips reads
 * its header but cannot decode HEVC: libheif-js does (decode-heic.ts).
 */
function isHeic(meta: Metadata): boolean {
  return meta.format === 'heif' && meta.compression === 'hevc';
}

/**
 * What sharp converts: the file itself, or for HEIC the pixels decoded from it (no
 * metadata comes with them; the container's rotation is applied by the decoder).
 */
async function decodableSource(input: Buffer, meta: Metadata): Promise<() => Sharp> {
  const options = { limitInputPixels: photoLimits.maxPixels, failOn: 'error' } as const;
  if (!isHeic(meta)) return () => sharp(input, options);
  const decoded = await decodeHeic(input, {
    maxPixels: photoLimits.maxPixels,
    timeoutMs: photoLimits.heicDecodeMs,
  });
  if ('error' in decoded) {
    throw new RefusedError(
      decoded.error === 'tooManyPixels' ? photoMessages.tooManyPixels : photoMessages.corrupt,
    );
  }
  const { width, height, pixels } = decoded;
  return () => sharp(pixels, { ...options, raw: { width, height, channels: 4 } });
}

export interface ProcessedPhoto {
  width: number;
  height: number;
  phash: string;
  /** Display sizes, keyed by width, WebP with every metadata removed but ICC. */
  files: Map<number, Buffer>;
}

/**
 * One stored width of a picture: turned upright, never enlarged, WebP keeping no
 * metadata but the colour profile (sharp keeps none unless asked).
 */
function encodeWidth(source: Sharp, width: number) {
  return source
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .keepIccProfile()
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
}

/**
 * A smaller width made from a stored largest file, as the upload would have made it
 * (for photos stored before that width existed: photo-files.ts).
 */
export async function resizeStoredPhoto(large: Buffer, width: number): Promise<Buffer> {
  const source = sharp(large, { limitInputPixels: photoLimits.maxPixels, failOn: 'error' });
  return (await encodeWidth(source, width)).data;
}

/**
 * Decides the type from the bytes, refuses what is not an image we take, then
 * re-encodes: orientation applied, EXIF/GPS/XMP/IPTC dropped (sharp keeps no
 * metadata unless asked; only the colour profile is kept, none for HEIC, whose
 * pixels come decoded), original discarded.
 */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  if (input.length > photoLimits.maxBytes) throw new RefusedError(photoMessages.tooLarge);
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new RefusedError(photoMessages.notAnImage);
  }
  if (!isAcceptedFormat(meta)) throw new RefusedError(photoMessages.notAnImage);
  if (!meta.width || !meta.height) throw new RefusedError(photoMessages.notAnImage);
  if (meta.width * meta.height > photoLimits.maxPixels) {
    throw new RefusedError(photoMessages.tooManyPixels);
  }
  const source = await decodableSource(input, meta);
  try {
    const files = new Map<number, Buffer>();
    let width = 0;
    let height = 0;
    for (const target of photoLimits.widths) {
      const { data, info } = await encodeWidth(source(), target);
      files.set(target, data);
      if (target === DISPLAY_WIDTH) {
        width = info.width;
        height = info.height;
      }
    }
    const large = files.get(DISPLAY_WIDTH);
    if (!large) throw new Error('no display size');
    return { width, height, phash: await perceptualHash(large), files };
  } catch (error) {
    if (error instanceof RefusedError) throw error;
    // Truncated or corrupt data fails while decoding: the user's file, not our fault.
    throw new RefusedError(photoMessages.corrupt);
  }
}
