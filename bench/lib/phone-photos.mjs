// Photos like a phone's: distinct 4000×3000 JPEGs of about 3 MB, some taken
// upright (EXIF orientation), some with a Display P3 profile. Shared by the photo
// benchmarks (photos-upload.mjs, photo-memory.mjs).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { fmt } from './report.mjs';
import { seconds, state } from './run.mjs';

export const WIDTH = 4000;
export const HEIGHT = 3000;
export const JPEG_QUALITY = 85;

/** A small seeded PRNG (mulberry32): the same photos on every run. */
function prng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Every third photo was taken upright: EXIF orientation 6 or 8 (the server turns
 * it into a 3000×4000 picture). Every fifth carries a Display P3 profile, as phone
 * photos do (the server keeps it).
 */
export const orientationOf = (i) => (i % 3 === 1 ? (i % 2 ? 6 : 8) : 1);
export const hasP3 = (i) => i % 5 === 2;

/**
 * One distinct 4000×3000 JPEG that does not compress to nothing: soft colour
 * blobs (a random 6-13 × 5-10 image upscaled), 40 translucent hard-edged shapes,
 * a gradient, grain-sized texture and pixel noise; about 3 MB at quality 85,
 * like a 12-megapixel phone photo.
 */
export async function makePhoto(i) {
  const random = prng(7919 * (i + 1));
  const int = (n) => Math.floor(random() * n);
  const sw = 6 + int(8);
  const sh = 5 + int(6);
  const blobs = Buffer.alloc(sw * sh * 3);
  for (let k = 0; k < blobs.length; k++) blobs[k] = 40 + int(180);
  const colour = () => `rgb(${int(256)},${int(256)},${int(256)})`;
  const shapes = [];
  for (let k = 0; k < 40; k++) {
    const [x, y, size, opacity] = [int(WIDTH), int(HEIGHT), 50 + int(700), 0.3 + random() * 0.6];
    const paint = `fill="${colour()}" opacity="${opacity.toFixed(2)}"`;
    if (k % 3 === 0) shapes.push(`<circle cx="${x}" cy="${y}" r="${size / 2}" ${paint}/>`);
    else if (k % 3 === 1) {
      const h = Math.floor(size * (0.3 + random()));
      const turn = `rotate(${int(90)} ${x} ${y})`;
      shapes.push(
        `<rect x="${x}" y="${y}" width="${size}" height="${h}" ${paint} transform="${turn}"/>`,
      );
    } else {
      const line = `x1="${x}" y1="${y}" x2="${int(WIDTH)}" y2="${int(HEIGHT)}"`;
      const stroke = `stroke="${colour()}" stroke-width="${4 + int(30)}" opacity="${opacity.toFixed(2)}"`;
      shapes.push(`<line ${line} ${stroke}/>`);
    }
  }
  // Drawn at half size and enlarged: a quarter of the work, edges a little soft as in a photo.
  const [hw, hh] = [WIDTH / 2, HEIGHT / 2];
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${hw}" height="${hh}" ` +
    `viewBox="0 0 ${WIDTH} ${HEIGHT}">${shapes.join('')}</svg>`;
  const half = await sharp(blobs, { raw: { width: sw, height: sh, channels: 3 } })
    .resize(hw, hh, { kernel: 'cubic' })
    .composite([{ input: Buffer.from(svg) }])
    .removeAlpha()
    .raw()
    .toBuffer();
  const base = await sharp(half, { raw: { width: hw, height: hh, channels: 3 } })
    .resize(WIDTH, HEIGHT, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const [tw, th] = [400, 300];
  const grain = Buffer.alloc(tw * th);
  for (let k = 0; k < grain.length; k++) grain[k] = int(256);
  const texture = await sharp(grain, { raw: { width: tw, height: th, channels: 1 } })
    .resize(WIDTH, HEIGHT, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const noise = randomBytes(WIDTH * HEIGHT);
  const [gx, gy] = [(random() - 0.5) * 0.03, (random() - 0.5) * 0.03];
  const pixels = new Uint8ClampedArray(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const p = y * WIDTH + x;
      const shift = gx * x + gy * y + (texture[p] - 128) * 0.2 + (noise[p] - 128) * 0.1;
      const o = p * 3;
      pixels[o] = base[o] + shift;
      pixels[o + 1] = base[o + 1] + shift;
      pixels[o + 2] = base[o + 2] + shift;
    }
  }
  let image = sharp(Buffer.from(pixels.buffer), {
    raw: { width: WIDTH, height: HEIGHT, channels: 3 },
  });
  if (hasP3(i)) image = image.withIccProfile('p3');
  if (orientationOf(i) !== 1) image = image.withMetadata({ orientation: orientationOf(i) });
  return image.jpeg({ quality: JPEG_QUALITY }).toBuffer();
}

/** Draws `count` distinct photos into `dir` (about a second each): `{ file, bytes, orientation, p3 }`. */
export async function generatePhotos(dir, count) {
  const t = performance.now();
  const photos = [];
  for (let i = 0; i < count; i++) {
    if (state.interrupted) throw new Error('interrupted');
    const file = path.join(dir, `photo-${String(i + 1).padStart(2, '0')}.jpg`);
    const data = await makePhoto(i);
    await fs.writeFile(file, data);
    photos.push({ file, bytes: data.length, orientation: orientationOf(i), p3: hasP3(i) });
  }
  const total = photos.reduce((sum, p) => sum + p.bytes, 0);
  console.log(
    `  ${count} JPEGs of ${WIDTH}×${HEIGHT} in ${seconds(t)}: ${fmt(total / 1e6, 1)} MB ` +
      `(${fmt(total / count / 1e6, 2)} MB each on average)`,
  );
  return photos;
}
