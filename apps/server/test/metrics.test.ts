import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { freePort } from '../src/db/embedded-postgres.js';
import { createPaymentWatcher } from '../src/modules/payments/payment-watcher.js';
import { startServer } from '../src/server.js';
import { registerVerified, relaxedLimiter } from './support/accounts.js';
import { createAd, credentials } from './support/ads.js';
import { issueAddress } from './support/payments.js';
import { sceneJpeg, uploadPhotos } from './support/photos.js';
import { call, createTestApp, makeWebDist, type TestApp } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

interface Scrape {
  status: number;
  contentType: string | null;
  text: string;
}

async function scrape(url: string): Promise<Scrape> {
  const response = await fetch(url);
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    text: await response.text(),
  };
}

/** The value of the sample `name{labels}` exactly as written; undefined when absent. */
function sample(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const wanted = Object.entries(labels);
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const has = new Map(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((pair) => [pair[1], pair[2]]),
    );
    if (wanted.every(([key, value]) => has.get(key) === value)) return Number(match[3]);
  }
  return undefined;
}

const typeOf = (text: string, name: string) =>
  new RegExp(`^# TYPE ${name} (\\w+)$`, 'm').exec(text)?.[1];

/** Every value of one label across the samples of a metric. */
function labelValues(text: string, name: string, label: string): string[] {
  const values = new Set<string>();
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const value = new RegExp(`${label}="([^"]*)"`).exec(line)?.[1];
    if (value !== undefined) values.add(value);
  }
  return [...values].sort();
}

/** Nothing answers on this port of 127.0.0.1. */
async function refused(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/metrics`);
    return false;
  } catch {
    return true;
  }
}

describe('the metrics, on a port of their own', () => {
  let t: TestApp;
  let metricsUrl: string;
  let owner: { token: string };
  let webDist: string;

  beforeAll(async () => {
    webDist = await makeWebDist();
    t = await createTestApp({
      env: { METRICS: 'true', METRICS_PORT: String(await freePort()) },
      limiter: relaxedLimiter(),
      webDist,
    });
    if (!t.metricsUrl) throw new Error('METRICS=true serves the metrics');
    metricsUrl = t.metricsUrl;
    owner = await registerVerified(t.app, 'metrics@example.com', 'a long enough passphrase');
  });
  afterAll(async () => {
    await t.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('serves them on METRICS_HOST:METRICS_PORT (loopback by default), in Prometheus text format', async () => {
    expect(new URL(metricsUrl).hostname).toBe('127.0.0.1');
    const res = await scrape(metricsUrl);
    expect(res.status).toBe(200);
    expect(res.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(typeOf(res.text, 'process_cpu_user_seconds_total')).toBe('counter');
    expect((await fetch(new URL('/other', metricsUrl))).status).toBe(404);
  });

  it('never on the public port: /metrics there is a 404', async () => {
    const res = await call(t.app, 'GET', '/metrics');
    expect(res.status).toBe(404);
    expect(res.text).not.toMatch(/adboard_/);
  });

  it('counts requests by route pattern, method and status, never by the ids in the address', async () => {
    const ad = await createAd(t.app, { session: owner.token });
    const read = await call(t.app, 'GET', `/api/post/${ad.postId}`, {
      headers: credentials({ session: owner.token }),
    });
    expect(read.status).toBe(200);
    const unmatched = { route: 'unmatched', method: 'GET', status: '404' };
    const before = sample(
      (await scrape(metricsUrl)).text,
      'adboard_http_requests_total',
      unmatched,
    );
    expect((await call(t.app, 'GET', '/api/no-such/123456')).status).toBe(404);
    const res = await scrape(metricsUrl);

    expect(typeOf(res.text, 'adboard_http_requests_total')).toBe('counter');
    expect(typeOf(res.text, 'adboard_http_request_duration_seconds')).toBe('histogram');
    const byRoute = { route: '/api/post/:id', method: 'GET', status: '200' };
    expect(sample(res.text, 'adboard_http_requests_total', byRoute)).toBe(1);
    expect(sample(res.text, 'adboard_http_request_duration_seconds_count', byRoute)).toBe(1);
    expect(
      sample(res.text, 'adboard_http_request_duration_seconds_bucket', { ...byRoute, le: '+Inf' }),
    ).toBe(1);
    expect(sample(res.text, 'adboard_http_requests_total', unmatched)).toBe((before ?? 0) + 1);
    const routes = labelValues(res.text, 'adboard_http_requests_total', 'route');
    expect(routes).toContain('/api/posts');
    expect(routes.filter((route) => /\d{6}/.test(route))).toEqual([]);
    expect(res.text).not.toContain(ad.postId);
    expect(res.text).not.toContain('metrics@example.com');
  });

  it("counts the public page cache's hits and misses", async () => {
    const before = await scrape(metricsUrl);
    const hits = sample(before.text, 'adboard_public_page_cache_requests_total', { result: 'hit' });
    const misses = sample(before.text, 'adboard_public_page_cache_requests_total', {
      result: 'miss',
    });
    const host = { host: 'las-vegas.localhost:3000' };
    expect((await call(t.app, 'GET', '/', { headers: host })).status).toBe(200);
    expect((await call(t.app, 'GET', '/', { headers: host })).status).toBe(200);
    const after = await scrape(metricsUrl);
    expect(typeOf(after.text, 'adboard_public_page_cache_requests_total')).toBe('counter');
    expect(sample(after.text, 'adboard_public_page_cache_requests_total', { result: 'miss' })).toBe(
      (misses ?? 0) + 1,
    );
    expect(sample(after.text, 'adboard_public_page_cache_requests_total', { result: 'hit' })).toBe(
      (hits ?? 0) + 1,
    );
    expect(sample(after.text, 'adboard_http_requests_total', { route: '/', method: 'GET' })).toBe(
      2,
    );
  });

  it('counts the photos processed and times them', async () => {
    const ad = await createAd(t.app, { session: owner.token });
    const ok = await uploadPhotos(
      t.app,
      ad.postId,
      [{ name: 'a.jpg', type: 'image/jpeg', data: await sceneJpeg('a', 320, 240) }],
      credentials({ session: owner.token }),
    );
    expect(ok.status, ok.text).toBe(200);
    const refusedUpload = await uploadPhotos(
      t.app,
      ad.postId,
      [{ name: 'b.jpg', type: 'image/jpeg', data: Buffer.from('not a picture') }],
      credentials({ session: owner.token }),
    );
    expect(refusedUpload.status).toBe(400);
    const res = await scrape(metricsUrl);
    expect(typeOf(res.text, 'adboard_photos_processed_total')).toBe('counter');
    expect(sample(res.text, 'adboard_photos_processed_total', { outcome: 'processed' })).toBe(1);
    expect(sample(res.text, 'adboard_photos_processed_total', { outcome: 'refused' })).toBe(1);
    expect(typeOf(res.text, 'adboard_photo_processing_seconds')).toBe('histogram');
    expect(
      sample(res.text, 'adboard_photo_processing_seconds_count', { outcome: 'processed' }),
    ).toBe(1);
    expect(
      sample(res.text, 'adboard_photo_processing_seconds_sum', { outcome: 'processed' }),
    ).toBeGreaterThan(0);
    expect(
      sample(res.text, 'adboard_http_requests_total', {
        route: '/api/post/:id/photos',
        method: 'POST',
        status: '200',
      }),
    ).toBe(1);
  });

  it("counts the chain source's requests by outcome, never naming an address", async () => {
    const { postId } = await createAd(t.app, { type: 'paid', session: owner.token });
    const issued = await issueAddress(t, { session: owner.token }, postId);
    await t.database.pool.query(
      'UPDATE payment_orders SET next_check_at = now() WHERE address = $1',
      [issued.address],
    );
    const watcher = createPaymentWatcher(t.paymentDeps, { intervalMs: 3_600_000 });
    try {
      await watcher.tick();
      t.chain.failNext(1, 500);
      await expect(t.paymentDeps.chain.tipHeight()).rejects.toThrow();
      t.chain.failNext(1, 429, 5);
      await expect(t.paymentDeps.chain.tipHeight()).rejects.toThrow();
    } finally {
      await watcher.stop();
    }
    const res = await scrape(metricsUrl);
    const name = 'adboard_chain_requests_total';
    expect(typeOf(res.text, name)).toBe('counter');
    expect(sample(res.text, name, { call: 'tip_height', outcome: 'ok' })).toBe(1);
    expect(sample(res.text, name, { call: 'address_outputs', outcome: 'ok' })).toBe(1);
    expect(sample(res.text, name, { call: 'tip_height', outcome: 'unavailable' })).toBe(1);
    expect(sample(res.text, name, { call: 'tip_height', outcome: 'rate_limited' })).toBe(1);
    expect(res.text).not.toContain(issued.address);
  });

  it('reads the queue, the outbox, the open orders and the pool at each scrape', async () => {
    await t.database.transaction((tx) =>
      t.queue.send(tx, 'purge-deleted-ad', { adId: 1 }, { startAfter: 3600 }),
    );
    const openBefore = sample((await scrape(metricsUrl)).text, 'adboard_payment_orders_open');
    const { postId } = await createAd(t.app, { type: 'paid', session: owner.token });
    await issueAddress(t, { session: owner.token }, postId);
    // The account mails of this file wait in the outbox: the test app sends none.
    const { rows } = await t.database.pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM outbox_messages WHERE status = 'queued' AND channel = 'email'",
    );
    const queuedMail = rows[0]?.n;
    expect(queuedMail).toBeGreaterThan(0);

    const res = await scrape(metricsUrl);
    for (const gauge of [
      'adboard_jobs_waiting',
      'adboard_jobs_later',
      'adboard_jobs_oldest_waiting_seconds',
      'adboard_outbox_queued',
      'adboard_outbox_oldest_queued_seconds',
      'adboard_payment_orders_open',
      'adboard_db_pool_connections',
      'adboard_db_pool_idle_connections',
      'adboard_db_pool_waiting_clients',
      'adboard_database_up',
    ]) {
      expect(typeOf(res.text, gauge), gauge).toBe('gauge');
    }
    expect(sample(res.text, 'adboard_jobs_later', { job: 'purge-deleted-ad' })).toBe(1);
    expect(sample(res.text, 'adboard_jobs_waiting', { job: 'purge-deleted-ad' })).toBe(0);
    expect(sample(res.text, 'adboard_outbox_queued', { channel: 'email' })).toBe(queuedMail);
    expect(
      sample(res.text, 'adboard_outbox_oldest_queued_seconds', { channel: 'email' }),
    ).toBeGreaterThanOrEqual(0);
    expect(sample(res.text, 'adboard_payment_orders_open')).toBe((openBefore ?? 0) + 1);
    expect(sample(res.text, 'adboard_db_pool_connections')).toBeGreaterThan(0);
    expect(sample(res.text, 'adboard_database_up')).toBe(1);
  });

  it('keeps each server its own registry: a second app in this process counts only its own', async () => {
    const second = await createTestApp({
      env: { METRICS: 'true', METRICS_PORT: String(await freePort()) },
      databaseUrl: t.databaseUrl,
    });
    try {
      await call(second.app, 'GET', '/api/countries');
      const mine = await scrape(second.metricsUrl ?? '');
      expect(
        sample(mine.text, 'adboard_http_requests_total', {
          route: '/api/countries',
          method: 'GET',
          status: '200',
        }),
      ).toBe(1);
      expect(labelValues(mine.text, 'adboard_http_requests_total', 'route')).toEqual([
        '/api/countries',
      ]);
      const first = await scrape(metricsUrl);
      expect(
        sample(first.text, 'adboard_http_requests_total', { route: '/api/countries' }),
      ).toBeUndefined();
    } finally {
      await second.close();
    }
  });
});

describe('the server starts and stops its metrics with itself, in every role', () => {
  let database: TestDatabase;
  let dataDir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'adboard-metrics-'));
  });
  afterAll(async () => {
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const settings = (env: Record<string, string>) =>
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      PORT: '0',
      ...env,
    });

  it('a worker (no HTTP of its own) serves its metrics, and they end with it', async () => {
    const port = await freePort();
    const server = await startServer(settings({ METRICS: 'true', METRICS_PORT: String(port) }), {
      web: false,
      jobs: true,
    });
    try {
      expect(server.metricsUrl).toBe(`http://127.0.0.1:${port}/metrics`);
      const res = await scrape(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(sample(res.text, 'adboard_database_up')).toBe(1);
    } finally {
      await server.stop();
    }
    expect(await refused(port)).toBe(true);
  });

  it('with METRICS unset nothing listens on METRICS_PORT', async () => {
    const port = await freePort();
    const server = await startServer(settings({ METRICS_PORT: String(port) }), {
      web: true,
      jobs: false,
    });
    try {
      expect(server.metricsUrl).toBeNull();
      expect(await refused(port)).toBe(true);
    } finally {
      await server.stop();
    }
  });
});
