import { photoMessages, sayIn } from '@adboard/shared';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskPhotoStorage } from '../src/adapters/storage/disk-photo-storage.js';
import type { PhotoStorage } from '../src/adapters/storage/photo-storage.js';
import { SWEEP_GRACE_MS, sweepPhotoFiles } from '../src/modules/photos/sweep-photo-files.js';
import { purgeDeletedAd } from '../src/modules/ads/purge-deleted-ad.js';
import { registerVerified, relaxedLimiter, type SignedIn } from './support/accounts.js';
import { createAd, credentials, expectErrorBody } from './support/ads.js';
import {
  addPhotos,
  jpegFile,
  multipartBody,
  oversizeJpeg,
  photoFiles,
  photoRows,
  sceneJpeg,
  uploadPhotos,
} from './support/photos.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('an upload cut off in the middle, and the clean-up job', () => {
  let t: TestApp;
  let owner: SignedIn;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    owner = await registerVerified(t.app, 'killed@example.com', 'a long enough passphrase');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
  });

  /**
   * Sends the headers and the first `fraction` of the body over a real socket,
   * then destroys it, as a browser closed mid-upload would. Resolves once the
   * server has seen the connection end.
   */
  async function killedUpload(adId: string, body: Buffer, contentType: string, fraction: number) {
    const closed = new Promise<void>((resolve) => {
      t.app.server.once('connection', (socket) => socket.once('close', () => resolve()));
    });
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/api/post/${adId}/photos`,
      headers: {
        host: 'localhost:3000',
        session: owner.token,
        'content-type': contentType,
        'content-length': String(body.length),
      },
    });
    request.on('error', () => undefined);
    request.write(body.subarray(0, Math.floor(body.length * fraction)));
    await wait(150);
    request.destroy();
    await closed;
    // Let the handler see its stream fail and unwind.
    await wait(300);
  }

  it('leaves no row and no file when the upload stops halfway through a file', async () => {
    const ad = await createAd(t.app, { session: owner.token });
    const { body, contentType } = multipartBody([
      { name: 'whole.jpg', type: 'image/jpeg', data: await sceneJpeg('a', 1200, 900) },
      { name: 'cut.jpg', type: 'image/jpeg', data: await sceneJpeg('b', 1200, 900) },
    ]);
    await killedUpload(ad.postId, body, contentType, 0.7);
    expect(await photoRows(t, ad.postId)).toEqual([]);
    expect(await photoFiles(t)).toEqual([]);
    expect(t.logText()).not.toMatch(/"level":50/);

    // The ad takes a whole upload afterwards.
    const list = await addPhotos(
      t.app,
      ad.postId,
      [await jpegFile()],
      credentials({ session: owner.token }),
    );
    expect(list).toHaveLength(1);
    expect(list[0]?.primary).toBe(true);
  });

  it('leaves nothing either when the upload stops in the first part’s headers', async () => {
    const ad = await createAd(t.app, { session: owner.token });
    const { body, contentType } = multipartBody([await jpegFile()]);
    await killedUpload(ad.postId, body, contentType, 0.05);
    expect(await photoRows(t, ad.postId)).toEqual([]);
    expect(t.logText()).not.toMatch(/"level":50/);
  });

  it('answers a stranger’s large upload with 403 over a real connection, without taking it', async () => {
    const ad = await createAd(t.app, { session: owner.token });
    const stranger = await registerVerified(t.app, 'stranger@example.com', 'another passphrase!');
    const { body, contentType } = multipartBody([await oversizeJpeg()]);
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: `/api/post/${ad.postId}/photos`,
          headers: {
            host: 'localhost:3000',
            session: stranger.token,
            'content-type': contentType,
            'content-length': String(body.length),
          },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      // The server may close before the whole body is sent: that is its right.
      request.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
      });
      request.end(body);
    });
    expect(status).toBe(403);
    expect(await photoRows(t, ad.postId)).toEqual([]);
  });

  describe('sweepPhotoFiles', () => {
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60_000);

    async function placeFile(key: string, age: Date): Promise<string> {
      const full = path.join(t.photoDir, key);
      await mkdir(path.dirname(full), { recursive: true });
      await writeFile(full, 'partial data');
      await utimes(full, age, age);
      return key;
    }

    it('removes old files without a row and old .part files, keeps files of rows and young files', async () => {
      const ad = await createAd(t.app, { session: owner.token });
      const [kept] = await addPhotos(
        t.app,
        ad.postId,
        [await jpegFile()],
        credentials({ session: owner.token }),
      );
      if (!kept) throw new Error('no photo');
      const keptFiles = (await photoFiles(t)).filter((f) => f.includes(kept.photo_id));
      expect(keptFiles).toHaveLength(3);
      // Files of a real photo, however old, stay.
      for (const key of keptFiles) {
        await utimes(path.join(t.photoDir, key), hoursAgo(48), hoursAgo(48));
      }

      const orphan = randomUUID();
      const oldOrphans = [
        await placeFile(`${ad.postId}/${orphan}-1600.webp`, hoursAgo(2)),
        await placeFile(`${ad.postId}/${orphan}-800.webp`, hoursAgo(2)),
        await placeFile(`${ad.postId}/${orphan}-400.webp`, hoursAgo(2)),
        // An interrupted write, of an orphan and of the kept photo.
        await placeFile(`${ad.postId}/${orphan}-1600.webp.0123456789ab.part`, hoursAgo(2)),
        await placeFile(`${ad.postId}/${kept.photo_id}-400.webp.abcdef012345.part`, hoursAgo(2)),
        await placeFile(`424242/${randomUUID()}-1600.webp`, hoursAgo(2)),
      ];
      const young = randomUUID();
      const youngFiles = [
        await placeFile(`${ad.postId}/${young}-1600.webp`, new Date()),
        await placeFile(`${ad.postId}/${young}-400.webp.00000000beef.part`, hoursAgo(0.5)),
      ];
      // Something that is no photo file at all is none of the sweep's business.
      const foreign = await placeFile(`${ad.postId}/README.txt`, hoursAgo(5));
      const copy = await placeFile(`${ad.postId}/${orphan}-1600.webp.bak`, hoursAgo(5));

      const removed = await sweepPhotoFiles(t.database.db, t.storage);
      expect(removed).toBe(oldOrphans.length);
      const left = await photoFiles(t);
      for (const key of oldOrphans) expect(left).not.toContain(key);
      for (const key of [...keptFiles, ...youngFiles, foreign, copy]) expect(left).toContain(key);
      await expect(stat(path.join(t.photoDir, keptFiles[0] ?? ''))).resolves.toBeTruthy();

      // A run later on takes the young ones once they are old enough.
      const later = new Date(Date.now() + SWEEP_GRACE_MS + 60_000);
      expect(await sweepPhotoFiles(t.database.db, t.storage, later)).toBe(youngFiles.length);
      const ofAd = (await photoFiles(t)).filter((f) => f.startsWith(`${ad.postId}/`));
      expect(ofAd).toEqual([...keptFiles, copy, foreign].sort());
      expect(await photoRows(t, ad.postId)).toHaveLength(1);
    });

    it('takes the photos of a deleted ad with its purge, and then their files', async () => {
      const ad = await createAd(t.app, { session: owner.token });
      const live = await createAd(t.app, { session: owner.token });
      const asOwner = credentials({ session: owner.token });
      const [gone] = await addPhotos(t.app, ad.postId, [await jpegFile()], asOwner);
      const [kept] = await addPhotos(t.app, live.postId, [await jpegFile()], asOwner);
      if (!gone || !kept) throw new Error('no photo');
      const removed = await call(t.app, 'POST', '/api/post/delete', {
        headers: asOwner,
        body: { postId: ad.postId },
      });
      expect(removed.status).toBe(200);

      await purgeDeletedAd(t.database.db, Number(ad.postId));
      await purgeDeletedAd(t.database.db, Number(live.postId));
      expect(await photoRows(t, ad.postId)).toEqual([]);
      expect(await photoRows(t, live.postId)).toHaveLength(1);

      const later = new Date(Date.now() + SWEEP_GRACE_MS + 60_000);
      expect(await sweepPhotoFiles(t.database.db, t.storage, later)).toBe(3);
      const left = await photoFiles(t);
      expect(left.filter((f) => f.includes(gone.photo_id))).toEqual([]);
      expect(left.filter((f) => f.includes(kept.photo_id))).toHaveLength(3);
    });

    it('removes nothing when every photo file has its row, or when there is no folder yet', async () => {
      const ad = await createAd(t.app, { session: owner.token });
      await addPhotos(t.app, ad.postId, [await jpegFile()], credentials({ session: owner.token }));
      const before = await photoFiles(t);
      const later = new Date(Date.now() + 48 * 60 * 60_000);
      expect(await sweepPhotoFiles(t.database.db, t.storage, later)).toBe(0);
      expect(await photoFiles(t)).toEqual(before);
      const missing = createDiskPhotoStorage(path.join(t.photoDir, 'not-made-yet'));
      expect(await sweepPhotoFiles(t.database.db, missing, later)).toBe(0);
    });
  });
});

describe('a storage failure in the middle of writing an upload', () => {
  let t: TestApp;
  let owner: SignedIn;
  let dir: string;
  let failAfter = Infinity;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'adboard-failing-photos-'));
    const disk = createDiskPhotoStorage(dir);
    let puts = 0;
    const storage: PhotoStorage = {
      ...disk,
      async put(key, data) {
        puts += 1;
        if (puts > failAfter) throw new Error('disk full');
        await disk.put(key, data);
      },
    };
    t = await createTestApp({ limiter: relaxedLimiter(), storage });
    owner = await registerVerified(t.app, 'full-disk@example.com', 'a long enough passphrase');
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes no row and removes the files it had written', async () => {
    const ad = await createAd(t.app, { session: owner.token });
    // Two photos are four files: the third write fails.
    failAfter = 2;
    const res = await uploadPhotos(
      t.app,
      ad.postId,
      [await jpegFile('a.jpg'), await jpegFile('b.jpg')],
      credentials({ session: owner.token }),
    );
    // The store refused (issue 25): the catalogue's 503, as when a bucket does not answer.
    expect(expectErrorBody(res, 503).error).toBe(sayIn('en', photoMessages.uploadUnavailable));
    expect(await photoRows(t, ad.postId)).toEqual([]);
    const left = await readdir(dir, { recursive: true, withFileTypes: true });
    expect(left.filter((entry) => entry.isFile())).toEqual([]);

    failAfter = Infinity;
    const ok = await uploadPhotos(t.app, ad.postId, [await jpegFile()], {
      session: owner.token,
    });
    expect(ok.status).toBe(200);
  });
});
