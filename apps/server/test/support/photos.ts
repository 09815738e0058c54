import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { Photo } from '@adboard/shared';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { TestApp } from './test-app.js';
import { call } from './test-app.js';

/** One file part of an upload as a browser sends it. */
export interface UploadFile {
  name: string;
  type: string;
  data: Buffer;
}

/** A plain text part, for requests that carry a field but no file. */
export interface UploadField {
  field: string;
  value: string;
}

/**
 * A multipart/form-data body built by hand: one part per index ('0', '1', ...)
 * as the photos step sends it, with the file name and declared type given.
 */
export function multipartBody(parts: (UploadFile | UploadField)[]): {
  body: Buffer;
  contentType: string;
} {
  const boundary = `----adboard-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  parts.forEach((part, index) => {
    const head =
      'field' in part
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${index}"; filename="${part.name}"\r\nContent-Type: ${part.type}\r\n\r\n`;
    chunks.push(Buffer.from(head, 'utf8'));
    chunks.push('field' in part ? Buffer.from(part.value, 'utf8') : part.data);
    chunks.push(Buffer.from('\r\n'));
  });
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST /api/post/{id}/photos with the files, through app.inject; `slot` goes in the query. */
export async function uploadPhotos(
  app: FastifyInstance,
  adId: string,
  files: (UploadFile | UploadField)[],
  headers: Record<string, string> = {},
  slot?: string,
) {
  const { body, contentType } = multipartBody(files);
  const query = slot === undefined ? '' : `?slot=${encodeURIComponent(slot)}`;
  return call(app, 'POST', `/api/post/${adId}/photos${query}`, {
    headers: { ...headers, 'content-type': contentType },
    body,
  });
}

/** Uploads and fails the test unless the upload was taken; answers the photo list. */
export async function addPhotos(
  app: FastifyInstance,
  adId: string,
  files: UploadFile[],
  headers: Record<string, string>,
  slot?: 'public' | 'verification',
): Promise<Photo[]> {
  const res = await uploadPhotos(app, adId, files, headers, slot);
  if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${res.text}`);
  return res.json as Photo[];
}

/** Uploads the verification photo of a free verified ad (its own slot); answers the photo list. */
export async function addVerificationPhoto(
  app: FastifyInstance,
  adId: string,
  file: UploadFile,
  headers: Record<string, string>,
): Promise<Photo[]> {
  return addPhotos(app, adId, [file], headers, 'verification');
}

/** POST /photo/{primary|delete|verification} with `{ postId, photoId }`. */
export async function changePhoto(
  app: FastifyInstance,
  change: 'primary' | 'delete' | 'verification',
  adId: string,
  photoId: string,
  headers: Record<string, string>,
) {
  return call(app, 'POST', `/photo/${change}`, { headers, body: { postId: adId, photoId } });
}

type Rgb = [number, number, number];

/** A flat-coloured JPEG, quick to make and to process. */
export async function solidJpeg(
  options: { width?: number; height?: number; colour?: Rgb } = {},
): Promise<Buffer> {
  const [r, g, b] = options.colour ?? [200, 40, 60];
  return sharp({
    create: {
      width: options.width ?? 64,
      height: options.height ?? 48,
      channels: 3,
      background: { r, g, b },
    },
  })
    .jpeg()
    .toBuffer();
}

/** An upload part of a small JPEG with an honest name and type. */
export async function jpegFile(name = 'holiday.jpg', colour?: Rgb): Promise<UploadFile> {
  return { name, type: 'image/jpeg', data: await solidJpeg({ colour }) };
}

/**
 * Raw RGB pixels of a picture with structure at low frequencies, so the
 * perceptual hash has something to see. Scene 'a' and scene 'b' look nothing alike.
 */
export function scenePixels(scene: 'a' | 'b', width: number, height: number): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const u = x / width;
      const v = y / height;
      let value: number;
      if (scene === 'a') {
        value = 128 + 90 * Math.sin(2 * Math.PI * u) * Math.cos(Math.PI * v);
        if ((u - 0.3) ** 2 + (v - 0.4) ** 2 < 0.02) value = 250;
      } else {
        value = 128 + 90 * Math.cos(3 * Math.PI * (u + v));
        if (u > 0.6 && v > 0.55) value = 10;
      }
      const i = (y * width + x) * 3;
      pixels[i] = value;
      pixels[i + 1] = 255 - value;
      pixels[i + 2] = value / 2;
    }
  }
  return pixels;
}

/** A scene encoded as JPEG at a size and quality. */
export async function sceneJpeg(
  scene: 'a' | 'b',
  width: number,
  height: number,
  quality = 90,
): Promise<Buffer> {
  return sharp(scenePixels(scene, width, height), { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

/** The same scene as PNG or WebP: other accepted types. */
export async function scenePng(width = 300, height = 200): Promise<Buffer> {
  return sharp(scenePixels('a', width, height), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

export async function sceneWebp(width = 300, height = 200): Promise<Buffer> {
  return sharp(scenePixels('b', width, height), { raw: { width, height, channels: 3 } })
    .webp()
    .toBuffer();
}

const XMP_PACKET =
  '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>' +
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">' +
  '<dc:creator><rdf:Seq><rdf:li>Secret Creator</rdf:li></rdf:Seq></dc:creator>' +
  '</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>';

/** A Photoshop APP13 segment carrying one IPTC By-line record (sharp cannot write IPTC). */
function iptcSegment(byLine: string): Buffer {
  const value = Buffer.from(byLine, 'latin1');
  const record = Buffer.concat([
    Buffer.from([0x1c, 0x02, 0x50, value.length >> 8, value.length & 0xff]),
    value,
  ]);
  const size = Buffer.alloc(4);
  size.writeUInt32BE(record.length);
  const body = Buffer.concat([
    Buffer.from('Photoshop 3.0\0', 'latin1'),
    Buffer.from('8BIM', 'latin1'),
    Buffer.from([0x04, 0x04, 0x00, 0x00]),
    size,
    record.length % 2 ? Buffer.concat([record, Buffer.from([0])]) : record,
  ]);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(body.length + 2);
  return Buffer.concat([Buffer.from([0xff, 0xed]), length, body]);
}

/** Whether EXIF data holds a GPS IFD pointer (tag 0x8825), in either byte order. */
export function hasGpsPointer(exif: Buffer | undefined): boolean {
  return (
    exif !== undefined &&
    (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])))
  );
}

/**
 * A 60×40 JPEG as a phone makes it: EXIF with camera and GPS position, XMP,
 * IPTC, an sRGB ICC profile and orientation 6 (shown turned, 40 wide and 60 high).
 */
export async function phoneJpeg(): Promise<Buffer> {
  const jpeg = await sharp({
    create: { width: 60, height: 40, channels: 3, background: { r: 30, g: 120, b: 220 } },
  })
    .withExif({
      IFD0: { Make: 'SecretCam', Model: 'Tracker 3000', Artist: 'Secret Artist' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '36/1 10/1 3000/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '115/1 8/1 3600/100',
      },
    })
    .withXmp(XMP_PACKET)
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
  // IPTC right after the SOI marker.
  return Buffer.concat([jpeg.subarray(0, 2), iptcSegment('Secret Byline'), jpeg.subarray(2)]);
}

/** A real 8000×8000 PNG of one colour: 64 megapixels in a small file. */
export async function pixelBombPng(): Promise<Buffer> {
  return sharp({
    create: { width: 8000, height: 8000, channels: 3, background: { r: 255, g: 255, b: 255 } },
  })
    .png({ compressionLevel: 9, palette: true, colours: 2 })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/**
 * A few hundred bytes whose PNG header declares width × height (8-bit grey):
 * only the first rows of pixels follow, so a decoder that believed the header
 * would allocate the whole size before noticing.
 */
export function declaredPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const rows = deflateSync(Buffer.alloc((width + 1) * 4));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The first half of a real JPEG: the header reads, the pixels do not. */
export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await sharp({
    create: {
      width: 800,
      height: 600,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg()
    .toBuffer();
  return whole.subarray(0, Math.floor(whole.length / 2));
}

export const svgFile: UploadFile = {
  name: 'drawing.svg',
  type: 'image/svg+xml',
  data: Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">' +
      '<script>alert(1)</script><rect width="100" height="100" fill="red"/></svg>',
  ),
};

/** A text file that claims to be a JPEG by its name and declared type. */
export const textAsJpeg: UploadFile = {
  name: 'photo.jpg',
  type: 'image/jpeg',
  data: Buffer.from('This is not a picture at all, just some words.\n'.repeat(20)),
};

/** A GIF: an image, but not a type we take. */
export async function gifFile(): Promise<UploadFile> {
  const data = await sharp({
    create: { width: 20, height: 20, channels: 3, background: { r: 0, g: 255, b: 0 } },
  })
    .gif()
    .toBuffer();
  return { name: 'anim.gif', type: 'image/gif', data };
}

/** 21 MB: a JPEG header followed by random bytes, over the 20 MB limit. */
export async function oversizeJpeg(): Promise<UploadFile> {
  const head = await solidJpeg();
  const data = Buffer.concat([head.subarray(0, 20), randomBytes(21 * 1024 * 1024)]);
  return { name: 'huge.jpg', type: 'image/jpeg', data };
}

/** A photo row as stored, column names as in SQL. */
export interface PhotoRowSql {
  id: string;
  ad_id: string;
  position: number;
  is_primary: boolean;
  is_verification: boolean;
  width: number;
  height: number;
  phash: string;
}

/** The photo rows of an ad (or of all ads), in order. */
export async function photoRows(t: TestApp, adId?: string): Promise<PhotoRowSql[]> {
  const result =
    adId === undefined
      ? await t.database.pool.query<PhotoRowSql>('SELECT * FROM photos ORDER BY ad_id, position')
      : await t.database.pool.query<PhotoRowSql>(
          'SELECT * FROM photos WHERE ad_id = $1 ORDER BY position',
          [adId],
        );
  return result.rows;
}

/** Every file under the test app's photo folder, as paths relative to it. */
export async function photoFiles(t: TestApp): Promise<string[]> {
  const entries = await readdir(t.photoDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(t.photoDir, path.join(entry.parentPath, entry.name)))
    .sort();
}
