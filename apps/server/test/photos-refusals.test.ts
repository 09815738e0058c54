import {
  adLimits,
  photoMessages,
  type Photo,
  catalogueAreas,
  messagesOf,
  sayIn,
} from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, relaxedLimiter, type SignedIn } from './support/accounts.js';
import { createAd, credentials, expectErrorBody } from './support/ads.js';
import sharp from 'sharp';
import {
  addPhotos,
  declaredPng,
  gifFile,
  jpegFile,
  multipartBody,
  oversizeJpeg,
  photoFiles,
  photoRows,
  pixelBombPng,
  sceneJpeg,
  svgFile,
  textAsJpeg,
  truncatedJpeg,
  uploadPhotos,
  type UploadField,
  type UploadFile,
} from './support/photos.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

const answersEn = messagesOf(catalogueAreas.answers, 'en');

describe('a bad file or too many photos is refused with a clear 4xx and nothing stored', () => {
  let t: TestApp;
  let owner: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    owner = await registerVerified(t.app, 'refusals@example.com', 'a long enough passphrase');
  });
  afterAll(async () => {
    // No bad file ever made a server error.
    expect(t.logText()).not.toContain(answersEn.http.internalError);
    expect(t.logText()).not.toMatch(/"level":50/);
    await t.close();
  });

  const asOwner = () => credentials({ session: owner.token });

  /** Uploads to a fresh ad and checks the refusal left no row and no file anywhere. */
  async function expectRefused(
    files: (UploadFile | UploadField)[],
    message: string,
    status = 400,
  ): Promise<void> {
    const ad = await createAd(t.app, { session: owner.token });
    const filesBefore = await photoFiles(t);
    const rowsBefore = await photoRows(t);
    const res = await uploadPhotos(t.app, ad.postId, files, asOwner());
    expectErrorBody(res, status);
    expect(res.json).toEqual({ success: false, error: message });
    expect(await photoRows(t)).toEqual(rowsBefore);
    expect(await photoFiles(t)).toEqual(filesBefore);
  }

  it('refuses an SVG', async () => {
    await expectRefused([svgFile], sayIn('en', photoMessages.notAnImage));
  });

  it('refuses a text file named photo.jpg and declared image/jpeg', async () => {
    await expectRefused([textAsJpeg], sayIn('en', photoMessages.notAnImage));
  });

  it('refuses a GIF, an image of a type we do not take', async () => {
    await expectRefused([await gifFile()], sayIn('en', photoMessages.notAnImage));
  });

  it('refuses an empty file', async () => {
    await expectRefused(
      [{ name: 'empty.jpg', type: 'image/jpeg', data: Buffer.alloc(0) }],
      sayIn('en', photoMessages.notAnImage),
    );
  });

  it('refuses a truncated JPEG', async () => {
    await expectRefused(
      [{ name: 'half.jpg', type: 'image/jpeg', data: await truncatedJpeg() }],
      sayIn('en', photoMessages.corrupt),
    );
  });

  it('refuses a JPEG whose header is damaged, and one cut just before its end marker', async () => {
    const whole = await sceneJpeg('a', 400, 300);
    const badTable = Buffer.from(whole);
    // The first Huffman table's class and index byte, made impossible.
    badTable[badTable.indexOf(Buffer.from([0xff, 0xc4])) + 4] = 0x7f;
    await expectRefused(
      [{ name: 'damaged.jpg', type: 'image/jpeg', data: badTable }],
      sayIn('en', photoMessages.notAnImage),
    );
    await expectRefused(
      [{ name: 'cut.jpg', type: 'image/jpeg', data: whole.subarray(0, whole.length - 2) }],
      sayIn('en', photoMessages.corrupt),
    );
  });

  it('refuses a pixel bomb: a small PNG of more than 50 megapixels', async () => {
    const bomb = await pixelBombPng();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expectRefused(
      [{ name: 'bomb.png', type: 'image/png', data: bomb }],
      sayIn('en', photoMessages.tooManyPixels),
    );
  });

  it('refuses a few hundred bytes whose header declares 10000×10000, before decoding', async () => {
    const bomb = declaredPng(10_000, 10_000);
    expect(bomb.length).toBeLessThan(1024);
    expect(await sharp(bomb).metadata()).toMatchObject({ width: 10_000, height: 10_000 });
    await expectRefused(
      [{ name: 'tiny.png', type: 'image/png', data: bomb }],
      sayIn('en', photoMessages.tooManyPixels),
    );
  });

  it('puts the pixel limit at 50 megapixels: a 49 MP header passes that check', async () => {
    // 7000 × 7000 = 49 MP is not over the limit; only the header is real here, so the
    // decoder then refuses the missing rows as damaged, not as too many pixels.
    const res = await uploadPhotos(
      t.app,
      (await createAd(t.app, { session: owner.token })).postId,
      [{ name: 'big.png', type: 'image/png', data: declaredPng(7_000, 7_000) }],
      asOwner(),
    );
    expectErrorBody(res, 400);
    expect(res.json).toEqual({ success: false, error: sayIn('en', photoMessages.corrupt) });
  });

  it('refuses a file over 20 MB with a 4xx', async () => {
    await expectRefused([await oversizeJpeg()], sayIn('en', photoMessages.tooLarge), 413);
  });

  it('refuses the whole request when one of its files is bad: the good ones are not kept', async () => {
    await expectRefused(
      [await jpegFile('good.jpg'), svgFile],
      sayIn('en', photoMessages.notAnImage),
    );
    await expectRefused(
      [
        await jpegFile('good.jpg'),
        { name: 'half.jpg', type: 'image/jpeg', data: await truncatedJpeg() },
      ],
      sayIn('en', photoMessages.corrupt),
    );
  });

  it('refuses a multipart request without a file, and a request that is not multipart', async () => {
    await expectRefused([], sayIn('en', photoMessages.noFiles));
    await expectRefused(
      [{ field: 'note', value: 'no file here' }],
      sayIn('en', photoMessages.noFiles),
    );
    const ad = await createAd(t.app, { session: owner.token });
    const json = await call(t.app, 'POST', `/api/post/${ad.postId}/photos`, {
      headers: asOwner(),
      body: { 0: 'not a file' },
    });
    expectErrorBody(json, 400);
    expect(json.json).toEqual({ success: false, error: sayIn('en', photoMessages.noFiles) });
  });

  it('answers a malformed multipart request with a 400, never a 500', async () => {
    const ad = await createAd(t.app, { session: owner.token });
    const { body } = multipartBody([await jpegFile()]);
    const unreadable = sayIn('en', photoMessages.unreadableUpload);
    const attempts: { contentType: string; payload: Buffer; message: string }[] = [
      // No boundary.
      { contentType: 'multipart/form-data', payload: body, message: unreadable },
      // A boundary that never appears.
      {
        contentType: 'multipart/form-data; boundary=nothing-like-it',
        payload: body,
        message: unreadable,
      },
      // The closing boundary missing: the body just ends.
      {
        contentType: 'multipart/form-data; boundary=xyz',
        payload: Buffer.from(
          '--xyz\r\nContent-Disposition: form-data; name="0"; filename="a.jpg"\r\n' +
            'Content-Type: image/jpeg\r\n\r\n\xff\xd8\xff',
          'latin1',
        ),
        message: unreadable,
      },
      // Part headers that never end.
      {
        contentType: 'multipart/form-data; boundary=xyz',
        payload: Buffer.from('--xyz\r\nContent-Disposition: form-data; name="0"; filena'),
        message: unreadable,
      },
      // Nothing at all.
      {
        contentType: 'multipart/form-data; boundary=xyz',
        payload: Buffer.alloc(0),
        message: sayIn('en', photoMessages.noFiles),
      },
    ];
    const rowsBefore = await photoRows(t);
    for (const { contentType, payload, message } of attempts) {
      const res = await call(t.app, 'POST', `/api/post/${ad.postId}/photos`, {
        headers: { ...asOwner(), 'content-type': contentType },
        body: payload,
      });
      expectErrorBody(res, 400);
      expect(res.json, contentType).toEqual({ success: false, error: message });
    }
    expect(await photoRows(t)).toEqual(rowsBefore);
  });

  it(`refuses the ${adLimits.photosMax + 1}st photo, and stores nothing of that request`, async () => {
    const ad = await createAd(t.app, { session: owner.token });
    const thirty: UploadFile[] = [];
    for (let i = 0; i < adLimits.photosMax; i++) {
      thirty.push(await jpegFile(`${i}.jpg`, [i * 8, 100, 255 - i * 8]));
    }
    const list = await addPhotos(t.app, ad.postId, thirty, asOwner());
    expect(list).toHaveLength(30);
    const files = await photoFiles(t);

    const res = await uploadPhotos(t.app, ad.postId, [await jpegFile('31.jpg')], asOwner());
    expectErrorBody(res, 400);
    expect(res.json).toEqual({
      success: false,
      error: sayIn('en', photoMessages.tooMany({ max: 30 })),
    });
    expect(await photoRows(t, ad.postId)).toHaveLength(30);
    expect(await photoFiles(t)).toEqual(files);
  });

  it('refuses 2 more photos on an ad with 29, and keeps the 29', async () => {
    const ad = await createAd(t.app, { session: owner.token });
    const files: UploadFile[] = [];
    for (let i = 0; i < 29; i++) files.push(await jpegFile(`${i}.jpg`));
    const list: Photo[] = await addPhotos(t.app, ad.postId, files, asOwner());
    expect(list).toHaveLength(29);
    const filesBefore = await photoFiles(t);

    const res = await uploadPhotos(
      t.app,
      ad.postId,
      [await jpegFile('a.jpg'), await jpegFile('b.jpg')],
      asOwner(),
    );
    expectErrorBody(res, 400);
    expect(res.json).toEqual({
      success: false,
      error: sayIn('en', photoMessages.tooMany({ max: 30 })),
    });
    expect(await photoRows(t, ad.postId)).toHaveLength(29);
    expect(await photoFiles(t)).toEqual(filesBefore);

    // One more still fits.
    expect(await addPhotos(t.app, ad.postId, [await jpegFile('30.jpg')], asOwner())).toHaveLength(
      30,
    );
  });

  it('refuses 31 files in one request with the same message', async () => {
    const files: UploadFile[] = [];
    for (let i = 0; i < 31; i++) files.push(await jpegFile(`${i}.jpg`));
    await expectRefused(files, sayIn('en', photoMessages.tooMany({ max: 30 })), 413);
  });

  it('lets only one of two uploads at once take the ad past 30, and keeps no file of the other', async () => {
    const ad = await createAd(t.app, { session: owner.token });
    const batch = async (prefix: string) => {
      const list: UploadFile[] = [];
      for (let i = 0; i < 16; i++) list.push(await jpegFile(`${prefix}${i}.jpg`));
      return list;
    };
    const [one, two] = await Promise.all([
      uploadPhotos(t.app, ad.postId, await batch('a'), asOwner()),
      uploadPhotos(t.app, ad.postId, await batch('b'), asOwner()),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 400]);
    const refused = one.status === 400 ? one : two;
    expect(refused.json).toEqual({
      success: false,
      error: sayIn('en', photoMessages.tooMany({ max: 30 })),
    });
    const rows = await photoRows(t, ad.postId);
    expect(rows).toHaveLength(16);
    expect(rows.filter((r) => r.is_primary)).toHaveLength(1);
    const files = (await photoFiles(t)).filter((f) => f.startsWith(`${ad.postId}/`));
    expect(files).toHaveLength(48);
    for (const row of rows) expect(files.filter((f) => f.includes(row.id))).toHaveLength(3);
  });
});
