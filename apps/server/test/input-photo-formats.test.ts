import { readFile } from 'node:fs/promises';
import { photoFormatNames, photoFormats, photoMessages, sayIn } from '@adboard/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, relaxedLimiter, type SignedIn } from './support/accounts.js';
import { createAd, credentials } from './support/ads.js';
import { gifFile, photoFiles, photoRows, scenePng, uploadPhotos } from './support/photos.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Finding 9 of issue 15: HEIC photos were refused as "damaged" while the message said
 * HEIC was accepted. Now the messages and the picker name exactly the formats the
 * server converts (`photoFormats`); since issue 24 HEIC is one of them (decoded by
 * libheif-js, WebAssembly, in a worker thread).
 *
 * fixtures/iphone-style.heic (967 bytes) is a real HEIC as an iPhone writes it: an
 * ftyp box with brand 'heic' (compatible 'mif1'), HEVC-coded, with Exif (make Apple,
 * model iPhone 15, GPS). Made with libheif's heif-enc 1.15.1 (x265) from a 96×64 JPEG.
 */
const heicFixture = new URL('./fixtures/iphone-style.heic', import.meta.url);

/** A small picture in each accepted format, made by sharp (AVIF: AV1 in HEIF). */
async function sample(label: (typeof photoFormats)[number]['label']): Promise<Buffer> {
  const picture = sharp(await scenePng(120, 90));
  switch (label) {
    case 'JPEG':
      return picture.jpeg().toBuffer();
    case 'PNG':
      return picture.png().toBuffer();
    case 'WebP':
      return picture.webp().toBuffer();
    case 'AVIF':
      return picture.heif({ compression: 'av1' }).toBuffer();
    case 'HEIC':
      return readFile(heicFixture);
  }
}

describe('photo formats: the messages and the picker name exactly what the server takes', () => {
  let t: TestApp;
  let owner: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    owner = await registerVerified(t.app, 'formats@example.com', 'a long enough passphrase');
  });
  afterAll(async () => {
    expect(t.logText()).not.toMatch(/"level":50/);
    await t.close();
  });

  const asOwner = () => credentials({ session: owner.token });

  it('has a real HEIC fixture: ftyp brand heic, HEVC-coded, with Exif', async () => {
    const bytes = await readFile(heicFixture);
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('heic');
    const boxSize = bytes.readUInt32BE(0);
    expect(bytes.subarray(16, boxSize).toString('latin1')).toContain('mif1');
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'heif', compression: 'hevc', width: 96, height: 64 });
    expect(meta.exif?.toString('latin1')).toContain('iPhone 15');
  });

  it('takes a HEIC photo from a phone (issue 24): stored as WebP of its size, its Exif and GPS gone', async () => {
    const ad = await createAd(t.app, { session: owner.token });
    const res = await uploadPhotos(
      t.app,
      ad.postId,
      [{ name: 'IMG_0420.HEIC', type: 'image/heic', data: await readFile(heicFixture) }],
      asOwner(),
    );
    expect(res.status, res.text).toBe(200);
    const [row] = await photoRows(t, ad.postId);
    expect(row).toMatchObject({ width: 96, height: 64 });
    const stored = await t.storage.get(`${String(row?.ad_id)}/${String(row?.id)}-1600.webp`);
    const meta = await sharp(stored ?? Buffer.alloc(0)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 96, height: 64 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    // The picture itself came through: the decoded pixels, not a blank.
    const fromHeic = await sharp(stored ?? Buffer.alloc(0)).stats();
    expect(fromHeic.channels.some((channel) => channel.stdev > 5)).toBe(true);
  });

  it('refuses a HEIC photo its decoder cannot read as damaged, storing nothing', async () => {
    const ad = await createAd(t.app, { session: owner.token });
    const rows = await photoRows(t);
    const files = await photoFiles(t);
    // The header stays (sharp reads its size), the coded picture is zeros.
    const cut = Buffer.from(await readFile(heicFixture));
    cut.fill(0, cut.indexOf('mdat') + 4);
    const res = await uploadPhotos(
      t.app,
      ad.postId,
      [{ name: 'IMG_0421.HEIC', type: 'image/heic', data: cut }],
      asOwner(),
    );
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ success: false, error: sayIn('en', photoMessages.corrupt) });
    expect(await photoRows(t)).toEqual(rows);
    expect(await photoFiles(t)).toEqual(files);
  });

  it('takes every format its messages name, and names them all', async () => {
    expect(photoFormatNames).toBe('JPEG, PNG, WebP, AVIF or HEIC');
    expect(sayIn('en', photoMessages.notAnImage)).toContain(photoFormatNames);
    const ad = await createAd(t.app, { session: owner.token });
    for (const format of photoFormats) {
      const res = await uploadPhotos(
        t.app,
        ad.postId,
        [
          {
            name: `photo${format.extensions[0]}`,
            type: format.mimeType,
            data: await sample(format.label),
          },
        ],
        asOwner(),
      );
      expect(res.status, format.label).toBe(200);
    }
    expect(await photoRows(t, ad.postId)).toHaveLength(photoFormats.length);
  });

  it('refuses the images it does not name (GIF, TIFF) as not a photo it accepts', async () => {
    const ad = await createAd(t.app, { session: owner.token });
    const tiff = await sharp(await scenePng(60, 40))
      .tiff()
      .toBuffer();
    for (const file of [await gifFile(), { name: 'scan.tiff', type: 'image/tiff', data: tiff }]) {
      const res = await uploadPhotos(t.app, ad.postId, [file], asOwner());
      expect(res.status, file.name).toBe(400);
      expect(res.json).toEqual({ success: false, error: sayIn('en', photoMessages.notAnImage) });
    }
  });
});
