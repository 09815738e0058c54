import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  backupManifestSchema,
  cliBackupMessages as m,
  type BackupCounts,
  type BackupManifest,
} from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskPhotoStorage } from '../../src/adapters/storage/disk-photo-storage.js';
import type { PhotoStorage } from '../../src/adapters/storage/photo-storage.js';
import { registerVerified, relaxedLimiter, type SignedIn } from '../support/accounts.js';
import { createAd } from '../support/ads.js';
import { cli } from '../support/cli.js';
import { signedInWithRole } from '../support/moderation.js';
import { as, insertReport, paidAdWithMoney } from '../support/moderation-fixtures.js';
import { addPhotos, addVerificationPhoto, jpegFile } from '../support/photos.js';
import { startS3Server, type LocalS3Server } from '../support/s3-server.js';
import { call, createTestApp, type TestApp } from '../support/test-app.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

/**
 * The restore drill (docs/operations.md, "Backups and restore"): a site seeded through
 * its API is backed up, the backup restored into a fresh database and a fresh storage,
 * and a second server on them answers the visitors, the advertisers and the
 * moderators as the first did, with every photo file, every audit entry and every
 * sat of money.
 */
const password = 'a long enough passphrase';
const VEGAS = 'las-vegas.localhost:3000';

interface Seeded {
  advertisers: SignedIn[];
  moderator: SignedIn;
  publicAds: string[];
}

/** Submits the owner's ad for review and has the moderator approve it. */
async function approved(t: TestApp, owner: SignedIn, moderator: SignedIn, adId: string) {
  const submitted = await call(t.app, 'POST', `/api/post/${adId}/submit`, as(owner.token));
  expect(submitted.status, submitted.text).toBe(200);
  await approve(t, moderator, adId);
}

async function approve(t: TestApp, moderator: SignedIn, adId: string) {
  const res = await call(t.app, 'POST', `/api/admin/posts/${adId}/approve`, as(moderator.token));
  expect(res.status, res.text).toBe(200);
}

/** A free verified ad with its verification photo and `colours.length` public photos. */
async function adWithPhotos(t: TestApp, owner: SignedIn, colours: [number, number, number][]) {
  const { postId } = await createAd(t.app, { session: owner.token });
  const headers = as(owner.token).headers;
  await addVerificationPhoto(t.app, postId, await jpegFile('me.jpg', [20, 20, 20]), headers);
  const files = await Promise.all(colours.map((colour, i) => jpegFile(`${i}.jpg`, colour)));
  await addPhotos(t.app, postId, files, headers);
  return postId;
}

/** Two advertisers' approved ads with photos, a VIP ad paid, a paid one rejected (its refund), a report dismissed. */
async function seedSite(t: TestApp): Promise<Seeded> {
  const jade = await registerVerified(t.app, 'jade@example.com', password);
  const ruby = await registerVerified(t.app, 'ruby@example.com', password);
  const moderator = await signedInWithRole(t, 'mod@example.com', 'moderator');
  const first = await adWithPhotos(t, jade, [
    [200, 40, 60],
    [40, 200, 60],
  ]);
  await approved(t, jade, moderator, first);
  const second = await adWithPhotos(t, ruby, [[40, 60, 200]]);
  await approved(t, ruby, moderator, second);
  const vip = await paidAdWithMoney(t, jade.token);
  await approve(t, moderator, vip.postId);
  const refused = await paidAdWithMoney(t, ruby.token);
  const rejected = await call(t.app, 'POST', `/api/admin/posts/${refused.postId}/reject`, {
    ...as(moderator.token),
    body: { code: 'illegal_or_scam', reason: 'Phishing link.' },
  });
  expect(rejected.status, rejected.text).toBe(200);
  const report = await insertReport(t, second, 'other', { details: 'Looks fine to me' });
  const dismissed = await call(t.app, 'POST', `/api/admin/reports/${report}/dismiss`, {
    ...as(moderator.token),
    body: { note: 'Nothing wrong.' },
  });
  expect(dismissed.status, dismissed.text).toBe(200);
  return { advertisers: [jade, ruby], moderator, publicAds: [first, second, vip.postId] };
}

/** The photo files a public page loads, from its `src` and `srcset` attributes. */
function photoUrlsOf(html: string): string[] {
  return [...html.matchAll(/\/photos\/\d+\/[0-9a-f-]{36}-\d+\.webp/g)].map((match) => match[0]);
}

const rowsOf = async (t: TestApp, sql: string) => (await t.database.pool.query(sql)).rows;

/**
 * What the site answers and holds: the city page, each public ad's page, each
 * advertiser's My Posts, the moderators' dashboard, every photo file the pages load
 * (its bytes), and the rows of the audit log and of the money.
 */
async function observe(t: TestApp, seeded: Seeded) {
  const page = async (url: string) => {
    const res = await call(t.app, 'GET', url, { headers: { host: VEGAS } });
    expect(res.status, url).toBe(200);
    return res.text;
  };
  const city = await page('/');
  const details = await Promise.all(seeded.publicAds.map((id) => page(`/ads/details/${id}`)));
  const photos = new Map<string, Buffer>();
  for (const url of new Set([city, ...details].flatMap(photoUrlsOf))) {
    const res = await t.app.inject({ method: 'GET', url, headers: { host: VEGAS } });
    expect(res.statusCode, url).toBe(200);
    photos.set(url, res.rawPayload);
  }
  const myPosts = await Promise.all(
    seeded.advertisers.map(async (advertiser) => {
      const res = await call(t.app, 'GET', '/api/posts', as(advertiser.token));
      expect(res.status).toBe(200);
      // The owner's photo links are signed for the hour they are asked in.
      return res.text.replace(/token=[\w.-]+/g, 'token=…');
    }),
  );
  const dashboard = await call(t.app, 'GET', '/api/admin/dashboard', as(seeded.moderator.token));
  expect(dashboard.status).toBe(200);
  return {
    city,
    details,
    photos,
    myPosts,
    dashboard: dashboard.json,
    audit: await rowsOf(t, 'SELECT * FROM audit_log ORDER BY id'),
    orders: await rowsOf(t, 'SELECT * FROM payment_orders ORDER BY id'),
    outputs: await rowsOf(t, 'SELECT * FROM payment_outputs ORDER BY order_id, txid, vout'),
    refunds: await rowsOf(t, 'SELECT * FROM refunds ORDER BY id'),
  };
}

async function sqlCounts(t: TestApp): Promise<Omit<BackupCounts, 'photoFiles'>> {
  const [row] = await rowsOf(
    t,
    `SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM ads)::int AS ads,
            (SELECT count(*) FROM photos)::int AS photos,
            (SELECT count(*) FROM payment_orders)::int AS "paymentOrders",
            (SELECT count(*) FROM refunds)::int AS refunds,
            (SELECT count(*) FROM audit_log)::int AS "auditEntries"`,
  );
  return row as Omit<BackupCounts, 'photoFiles'>;
}

async function storedKeys(storage: PhotoStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of storage.list()) keys.push(file.key);
  return keys.sort();
}

describe('the restore drill: a restored backup serves the same site', () => {
  let t: TestApp;
  let seeded: Seeded;
  let before: Awaited<ReturnType<typeof observe>>;
  let s3: LocalS3Server;
  const cleanup: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    seeded = await seedSite(t);
    before = await observe(t, seeded);
    // What is compared is there: three public photos (small: their 1600 and 400 files are
    // linked), the money, the log.
    expect(before.photos.size).toBe(6);
    expect(before.refunds).toHaveLength(1);
    expect(before.audit.length).toBeGreaterThanOrEqual(5);
    s3 = await startS3Server();
  });
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
    await s3?.close();
    await t?.close();
  });

  const temporaryFolder = async (name: string) => {
    const dir = await mkdtemp(path.join(os.tmpdir(), `adboard-${name}-`));
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    return dir;
  };
  const freshDatabase = async (): Promise<TestDatabase> => {
    const db = await createTestDatabase();
    cleanup.push(() => db.drop());
    return db;
  };
  /** The second server, on the restored database and storage. */
  const restoredApp = async (options: Parameters<typeof createTestApp>[0]) => {
    const app = await createTestApp({ limiter: relaxedLimiter(), ...options });
    cleanup.push(() => app.close());
    return app;
  };
  /** The S3_* settings of the store, without a photo bucket of its own. */
  const s3Connection = () => {
    const { STORAGE: _storage, S3_BUCKET: _bucket, ...connection } = s3.env;
    return connection;
  };

  it('backs up to a folder and restores into a fresh database and folder', async () => {
    const folder = path.join(await temporaryFolder('backup'), 'nightly');
    const backup = await cli(t, ['backup', '--to', folder]);
    expect(backup.err).toEqual([]);
    expect(backup.code).toBe(0);

    const manifestText = await readFile(path.join(folder, 'manifest.json'), 'utf8');
    const manifest: BackupManifest = backupManifestSchema.parse(JSON.parse(manifestText));
    const databasePassword = decodeURIComponent(new URL(t.databaseUrl).password);
    if (databasePassword) expect(manifestText).not.toContain(databasePassword);
    const counts = { ...(await sqlCounts(t)), photoFiles: (await storedKeys(t.storage)).length };
    expect(manifest.counts).toEqual(counts);
    // Three photos of two public ads and two verification photos, at three widths each.
    expect(counts).toMatchObject({ users: 3, photos: 5, paymentOrders: 2, refunds: 1 });
    expect(counts.photoFiles).toBe(15);
    expect(counts.auditEntries).toBeGreaterThanOrEqual(5);
    expect(manifest.photos).toEqual({ missing: [], deletedWhileCopying: [] });
    expect(backup.out).toEqual([
      m.backedUp(folder),
      m.version(manifest.app.version, manifest.app.lastMigration),
      m.counts(counts),
    ]);

    const db = await freshDatabase();
    const photoDir = await temporaryFolder('restored-photos');
    const storage = createDiskPhotoStorage(photoDir);
    const restore = await cli(t, ['restore', '--from', folder], {
      env: { DATABASE_URL: db.url },
      storage,
    });
    expect(restore.err).toEqual([]);
    expect(restore).toMatchObject({ code: 0 });
    expect(restore.out).toEqual([
      m.restored(folder, manifest.createdAt),
      m.version(manifest.app.version, manifest.app.lastMigration),
      m.counts(counts),
      m.migrated([]),
      m.countsMatch,
    ]);
    expect(await storedKeys(storage)).toEqual(await storedKeys(t.storage));

    const second = await restoredApp({ databaseUrl: db.url, storage });
    expect(await sqlCounts(second)).toEqual(await sqlCounts(t));
    expect(await observe(second, seeded)).toEqual(before);
  });

  it('backs up to a bucket prefix and restores into a fresh database and bucket', async () => {
    const target = 'restored-photos';
    expect((await fetch(`${s3.endpoint}/${target}`, { method: 'PUT' })).status).toBe(200);
    const location = `s3://${s3.bucket}/backups/nightly-1`;
    const backup = await cli(t, ['backup', '--to', location], { env: s3Connection() });
    expect(backup.err).toEqual([]);
    expect(backup.code).toBe(0);
    expect(backup.out[0]).toBe(m.backedUp(`${location}/`));
    const manifest = await fetch(`${s3.endpoint}/${s3.bucket}/backups/nightly-1/manifest.json`);
    expect(manifest.status).toBe(200);
    // The store's keys reached it, and are nowhere in what was written.
    expect(await manifest.text()).not.toContain(s3.env.S3_SECRET_ACCESS_KEY);

    const db = await freshDatabase();
    const targetSettings = { ...s3.env, S3_BUCKET: target };
    const restore = await cli(t, ['restore', '--from', location], {
      env: { ...targetSettings, DATABASE_URL: db.url },
      storage: null,
    });
    expect(restore.err).toEqual([]);
    expect(restore.code).toBe(0);
    expect(restore.out.at(-1)).toBe(m.countsMatch);

    const second = await restoredApp({ databaseUrl: db.url, env: targetSettings });
    expect(await storedKeys(second.storage)).toEqual(await storedKeys(t.storage));
    expect(await observe(second, seeded)).toEqual(before);
  });
});
