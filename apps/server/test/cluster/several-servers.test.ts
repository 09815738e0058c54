import {
  mailMessages,
  sayAllIn,
  paymentMessages,
  rateLimitRules,
  type Photo,
  sayIn,
} from '@adboard/shared';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { totpCodeAt } from '../../src/modules/accounts/totp.js';
import { adForm } from '../support/ads.js';
import type { ReceivedMail } from '../support/mail-receiver.js';
import { satsOf } from '../support/payments.js';
import { jpegFile, multipartBody } from '../support/photos.js';
import { S3RVER_KEY, type LocalS3Server } from '../support/s3-server.js';
import { isRunning, startCluster, type AppProcess, type Cluster } from './cluster.js';
import { PROXY_RETRY_MS } from './nginx.js';
import { okJson, request, type Answer } from './http-client.js';
import { mailLinks, mailSubject, mailText } from './mail-text.js';
import { sleep, waitFor } from './processes.js';
import { runWriteTraffic } from './traffic.js';

/** The moderation mails' texts in English, as an English reader gets them. */
const moderationMail = sayAllIn('en', mailMessages.moderation);

/*
 * Issue 25, several servers: two web servers and one worker (the server bundled
 * from the current source) on one database, one Redis, one S3 bucket (s3rver),
 * one SMTP receiver and one chain (a fake Esplora), behind nginx (round robin),
 * checked through the proxy and through each server directly.
 *
 * `npm test` runs the short form. The long form sends more traffic while a web
 * server is killed (each lane is one client address; a client may create 30 ads
 * an hour, so a lane writes at most that many):
 *   CLUSTER_LANES=24 CLUSTER_WRITES=28 npx vitest run --project server apps/server/test/cluster
 */

function setting(name: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const text = process.env[name];
  if (text === undefined || text.trim() === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new Error(`${name} must be a whole number from 1 to ${max}`);
  }
  return value;
}

const LANES = setting('CLUSTER_LANES', 4, 200);
const WRITES_PER_LANE = setting('CLUSTER_WRITES', 9, rateLimitRules.createAd.ip.max);
/** The most a process may take to stop after SIGTERM (issue 25). */
const STOP_DEADLINE_MS = 30_000;
/** An approval or deletion shows on every server within this (issue 25). */
const SHOWS_WITHIN_MS = 1_000;

const password = 'a long enough passphrase';

/** Every key in the cluster's bucket, read with the servers' own S3 settings. */
async function bucketKeys(s3: LocalS3Server): Promise<string[]> {
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: s3.env.S3_REGION ?? 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY },
  });
  try {
    const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
    return (page.Contents ?? []).flatMap((item) => (item.Key ? [item.Key] : []));
  } finally {
    client.destroy();
  }
}
const city = 'las-vegas';

describe('issue 25: several servers behind a reverse proxy', () => {
  let cluster: Cluster;
  let webA: AppProcess;
  let webB: AppProcess;
  let proxy: string;
  /** The Host a browser sends to the proxy for the local site and for a city's pages. */
  let appHost: string;
  let cityHost: string;

  beforeAll(async () => {
    cluster = await startCluster({ adminDatabaseUrl: inject('adminDatabaseUrl') });
    [webA, webB] = cluster.web as [AppProcess, AppProcess];
    proxy = cluster.proxy.base;
    appHost = `localhost:${cluster.proxy.port}`;
    cityHost = `${city}.localhost:${cluster.proxy.port}`;
  }, 240_000);

  afterAll(async () => {
    await cluster?.close();
  }, 120_000);

  const base = (server: AppProcess) => {
    if (!server.base) throw new Error(`${server.name} has no HTTP`);
    return server.base;
  };

  /** A call to the API at `at` (the proxy or one server), as the local site. */
  const api = (
    at: string,
    path: string,
    options: { body?: unknown; session?: string; from?: string; method?: string } = {},
  ) =>
    request(`${at}${path}`, {
      ...(options.method ? { method: options.method } : {}),
      ...(options.body === undefined ? {} : { body: options.body }),
      ...(options.from ? { from: options.from } : {}),
      headers: { host: appHost, ...(options.session ? { session: options.session } : {}) },
    });

  /** A public page at `at`, as the city's host. */
  const page = (at: string, path: string) =>
    request(`${at}${path}`, { headers: { host: cityHost } });

  const mailsTo = (email: string): ReceivedMail[] =>
    cluster.mail.accepted.filter((m) => m.to.includes(email));

  /** Waits until `count` mails to `email` (whose subject starts so, when given) were delivered. */
  async function delivered(email: string, count = 1, subject?: string): Promise<ReceivedMail[]> {
    const matching = () =>
      mailsTo(email).filter((m) => subject === undefined || mailSubject(m.raw).startsWith(subject));
    await waitFor(
      async () => matching().length,
      (n) => n >= count,
      { timeoutMs: 60_000 },
    );
    const found = matching();
    if (found.length < count) {
      const subjects = mailsTo(email).map((m) => mailSubject(m.raw));
      throw new Error(
        `${found.length} mail(s) to ${email} titled ${subject}, not ${count}: ${subjects.join(' | ')}`,
      );
    }
    return found;
  }

  /** Registers through `via`, reads the code the worker mailed, verifies through `verifyVia`. */
  async function signUp(email: string, via: string, verifyVia: string): Promise<string> {
    okJson(await api(via, '/api/user/register', { body: { email, password } }), 'register');
    const [mail] = await delivered(email);
    const code = /\b(\d{6})\b/.exec(mailText(mail?.raw ?? ''))?.[1];
    if (!code) throw new Error(`no code in the mail to ${email}`);
    const verified = okJson<{ user: { token: string } }>(
      await api(verifyVia, '/api/user/verifyemail', { body: { email, code } }),
      'verifyemail',
    );
    return verified.user.token;
  }

  async function signIn(at: string, email: string, pass: string, from?: string): Promise<string> {
    const answer = await api(at, '/api/user/login', {
      body: { email, password: pass },
      ...(from ? { from } : {}),
    });
    const signedIn = okJson<{ data?: { token: string } }>(answer, 'login').data;
    if (!signedIn) throw new Error(`login answered no session: ${answer.text}`);
    return signedIn.token;
  }

  /**
   * The administrator's session. Staff need a second factor before the console opens
   * (issue 27): the first time, the admin turns an authenticator app on, and the
   * session is kept for the later calls.
   */
  let adminToken: string | null = null;
  async function adminSession(): Promise<string> {
    if (adminToken) return adminToken;
    const token = await signIn(proxy, cluster.admin.email, cluster.admin.password);
    const { setupId, secret } = okJson<{ setupId: string; secret: string }>(
      await api(proxy, '/api/account/second-factors/totp', { session: token, method: 'POST' }),
      'second factor start',
    );
    okJson(
      await api(proxy, '/api/account/second-factors/totp/confirm', {
        session: token,
        body: {
          setupId,
          name: 'Phone',
          newCode: totpCodeAt(secret, Date.now()),
          password: cluster.admin.password,
        },
      }),
      'second factor confirm',
    );
    adminToken = token;
    return token;
  }

  async function createAd(at: string, session: string, overrides: Record<string, unknown> = {}) {
    const answer = await api(at, '/api/posts', {
      session,
      body: { ...adForm, type: 'free_verified', ...overrides },
    });
    return okJson<{ post_id: string }>(answer, 'create ad').post_id;
  }

  /** Puts the ad under review, as its submission would. */
  const submitted = (adId: string) =>
    cluster.sql(
      `UPDATE ads SET status = 'pending', submitted_at = now() WHERE id = $1 RETURNING id`,
      [adId],
    );

  /**
   * Reads the city page and the ad's page at `at` until `shows` says both are as
   * expected, or SHOWS_WITHIN_MS after `since` has passed; answers the last reading.
   */
  async function watchPages(
    at: string,
    adId: string,
    since: number,
    shows: (cityPage: Answer, adPage: Answer) => boolean,
  ): Promise<{ cityPage: Answer; adPage: Answer; afterMs: number }> {
    for (;;) {
      const [cityPage, adPage] = await Promise.all([
        page(at, '/'),
        page(at, `/ads/details/${adId}`),
      ]);
      const afterMs = Date.now() - since;
      if (shows(cityPage, adPage) || afterMs > SHOWS_WITHIN_MS)
        return { cityPage, adPage, afterMs };
      await sleep(50);
    }
  }

  it('has the worker deliver mail: a code asked for through the proxy arrives by SMTP', async () => {
    const email = 'mail.person@cluster.example.com';
    const token = await signUp(email, proxy, base(webB));
    expect(token).toMatch(/\S{20,}/);
    // Only the worker runs jobs: the web servers were started without them.
    const rows = await cluster.sql<{ status: string }>(
      'SELECT status FROM outbox_messages WHERE recipient = $1',
      [email],
    );
    expect(rows.map((r) => r.status)).toEqual(['sent']);
  }, 90_000);

  it('keeps a session made on one server on the other, and ends it everywhere at sign-out', async () => {
    const email = 'session.person@cluster.example.com';
    await signUp(email, proxy, proxy);
    const token = await signIn(base(webA), email, password);
    const status = async (at: string) =>
      okJson<{ ok: boolean; email?: string }>(
        await api(at, '/api/user/status', { session: token }),
        'status',
      );
    expect(await status(base(webB))).toMatchObject({ ok: true, email });
    // Round robin: two calls through the proxy reach both servers.
    expect(await status(proxy)).toMatchObject({ ok: true, email });
    expect(await status(proxy)).toMatchObject({ ok: true, email });

    okJson(await api(base(webB), '/api/user/logout', { session: token, method: 'POST' }), 'logout');
    expect(await status(base(webA))).toEqual({ ok: false });
    expect(await status(base(webB))).toEqual({ ok: false });
    expect(await status(proxy)).toEqual({ ok: false });
    expect(await status(proxy)).toEqual({ ok: false });
  }, 90_000);

  it('holds a sign-in limit spent on one server on the other (Redis)', async () => {
    const email = 'limit.person@cluster.example.com';
    await signUp(email, proxy, proxy);
    // One client address of its own: the sign-ins it may make per window, all on A.
    const client = '127.0.0.77';
    const allowed = rateLimitRules.login.ip.max;
    for (let i = 0; i < allowed; i += 1) await signIn(base(webA), email, password, client);
    const onA = await api(base(webA), '/api/user/login', {
      body: { email, password },
      from: client,
    });
    expect(onA.status, onA.text).toBe(429);
    const onB = await api(base(webB), '/api/user/login', {
      body: { email, password },
      from: client,
    });
    expect(onB.status, onB.text).toBe(429);
    // Another client is not held by it, on either server.
    await signIn(base(webB), email, password, '127.0.0.78');
  }, 120_000);

  it("shows an approval through one server on the other's public pages within a second", async () => {
    const owner = await signUp('approved.owner@cluster.example.com', proxy, proxy);
    const title = 'Evening companion approved across servers';
    const adId = await createAd(base(webA), owner, { title });
    await submitted(adId);
    const admin = await adminSession();
    // B has both pages as they are before the approval (its cache keeps them 5 s).
    expect((await page(base(webB), `/ads/details/${adId}`)).status).toBe(404);
    expect((await page(base(webB), '/')).text).not.toContain(title);

    const approved = await api(base(webA), `/api/admin/posts/${adId}/approve`, {
      session: admin,
      method: 'POST',
    });
    expect(approved.json, approved.text).toEqual({ success: true, status: 'active' });
    const at = Date.now();
    const seen = await watchPages(
      base(webB),
      adId,
      at,
      (cityPage, adPage) => adPage.status === 200 && cityPage.text.includes(title),
    );
    expect(seen.adPage.status, `B's ad page ${seen.afterMs} ms after the approval`).toBe(200);
    expect(seen.adPage.text).toContain(title);
    expect(seen.cityPage.text, `B's city page ${seen.afterMs} ms after`).toContain(title);
    // And through the proxy, whichever server answers.
    for (const _ of [1, 2]) {
      expect((await page(proxy, `/ads/details/${adId}`)).status).toBe(200);
    }
    // The approval mail names the page at the proxy.
    const [mail] = await delivered(
      'approved.owner@cluster.example.com',
      1,
      moderationMail.approvedSubject({ adId }),
    );
    expect(mailText(mail?.raw ?? '')).toContain(`http://${cityHost}/ads/details/${adId}`);
  }, 120_000);

  it('keeps a photo uploaded through one server in the bucket and serves it through the other', async () => {
    const owner = await signUp('photo.owner@cluster.example.com', proxy, proxy);
    const adId = await createAd(base(webA), owner);
    const { body, contentType } = multipartBody([await jpegFile('evening.jpg')]);
    const uploaded = await request(`${base(webA)}/api/post/${adId}/photos`, {
      body,
      headers: { host: appHost, session: owner, 'content-type': contentType },
    });
    const [photo] = okJson<Photo[]>(uploaded, 'upload');
    if (!photo) throw new Error('no photo in the answer');

    const keys = await bucketKeys(cluster.s3);
    expect(keys.filter((key) => key.startsWith(`${adId}/${photo.photo_id}-`))).not.toEqual([]);

    const fromA = await request(`${base(webA)}${photo.url}`, { headers: { host: appHost } });
    expect(fromA.status).toBe(200);
    const fromB = await request(`${base(webB)}${photo.url}`, { headers: { host: appHost } });
    expect(fromB.status, fromB.text).toBe(200);
    expect(fromB.headers['content-type']).toBe('image/webp');
    expect(fromB.body.equals(fromA.body)).toBe(true);
  }, 90_000);

  it("takes an ad deleted through one server off the other's pages at once", async () => {
    const owner = await signUp('deleted.owner@cluster.example.com', proxy, proxy);
    const title = 'Evening companion deleted across servers';
    const adId = await createAd(base(webA), owner, { title });
    await submitted(adId);
    const admin = await adminSession();
    okJson(
      await api(proxy, `/api/admin/posts/${adId}/approve`, { session: admin, method: 'POST' }),
      'approve',
    );
    // B shows it on both pages (and keeps them for 5 s).
    const shown = await waitFor(
      () => Promise.all([page(base(webB), `/ads/details/${adId}`), page(base(webB), '/')]),
      ([adPage, cityPage]) => adPage.status === 200 && cityPage.text.includes(title),
      { timeoutMs: 15_000 },
    );
    expect(shown[0].text).toContain(title);
    expect(shown[1].text).toContain(title);

    okJson(
      await api(base(webA), '/api/post/delete', { session: owner, body: { postId: adId } }),
      'delete',
    );
    const at = Date.now();
    const seen = await watchPages(
      base(webB),
      adId,
      at,
      (cityPage, adPage) => adPage.status === 404 && !cityPage.text.includes(title),
    );
    expect(seen.adPage.status, `B's ad page ${seen.afterMs} ms after the deletion`).toBe(404);
    expect(seen.cityPage.text, `B's city page ${seen.afterMs} ms after`).not.toContain(title);
  }, 120_000);

  it('credits a payment once with two workers watching, and their mails link to the proxy', async () => {
    const email = 'payer@cluster.example.com';
    const owner = await signUp(email, proxy, proxy);
    const second = await cluster.addWorker();
    const adId = await createAd(proxy, owner, { type: 'paid' });
    const issued = okJson<{ address: string; amountCrypto: string }>(
      await api(proxy, `/payment/address/BTC/${adId}/paid/DAYS_30`, { session: owner }),
      'payment address',
    );
    const [order] = await cluster.sql<{ id: string; days: number }>(
      'SELECT id, days FROM payment_orders WHERE address = $1',
      [issued.address],
    );
    if (!order) throw new Error('no order');
    const [before] = await cluster.sql<{ paid_days: number }>(
      'SELECT paid_days FROM ads WHERE id = $1',
      [adId],
    );

    cluster.chain.pay(issued.address, satsOf(issued.amountCrypto), { confirmed: true });
    // Due now for both workers' watchers, and the payment page asks both web servers at once.
    await cluster.sql('UPDATE payment_orders SET next_check_at = now() WHERE id = $1', [order.id]);
    const statusPath = `/payment/status/BTC/${adId}/${issued.address}`;
    await Promise.all(
      [base(webA), base(webB)].map((at) =>
        api(at, statusPath, { session: owner, body: { status: 'assigned' } }),
      ),
    );
    const completed = await waitFor(
      () =>
        cluster.sql<{ status: string }>('SELECT status FROM payment_orders WHERE id = $1', [
          order.id,
        ]),
      (rows) => rows[0]?.status === 'complete',
      { timeoutMs: 60_000 },
    );
    expect(completed[0]?.status).toBe('complete');
    // Checked again by a worker once complete: still credited once.
    const [checked] = await cluster.sql<{ at: Date }>(
      'UPDATE payment_orders SET next_check_at = now() WHERE id = $1 RETURNING now() AS at',
      [order.id],
    );
    await waitFor(
      () =>
        cluster.sql<{ n: string }>(
          'SELECT count(*) AS n FROM payment_orders WHERE id = $1 AND last_checked_at > $2',
          [order.id, checked?.at],
        ),
      (rows) => rows[0]?.n === '1',
      { timeoutMs: 30_000 },
    );

    const [ad] = await cluster.sql<{ paid_days: number }>(
      'SELECT paid_days FROM ads WHERE id = $1',
      [adId],
    );
    expect(ad?.paid_days).toBe((before?.paid_days ?? 0) + order.days);
    const completions = await cluster.sql<{ n: string }>(
      `SELECT count(*) AS n FROM payment_order_history WHERE order_id = $1 AND to_status = 'complete'`,
      [order.id],
    );
    expect(completions[0]?.n).toBe('1');
    const events = await cluster.sql<{ n: string }>(
      `SELECT count(*) AS n FROM analytics_events WHERE name = 'payment_complete' AND ad_id = $1`,
      [adId],
    );
    expect(events[0]?.n).toBe('1');
    const receiptSubject = sayIn('en', mailMessages.receipt.subject({ adId }));
    await delivered(email, 1, receiptSubject);
    expect(
      mailsTo(email).filter((m) => mailSubject(m.raw).startsWith(receiptSubject)),
    ).toHaveLength(1);

    // A second payment to the paid address goes back: a worker mails the refund link,
    // which names the port people reach the site at (the proxy's), not a server's.
    cluster.chain.pay(issued.address, 5_000, { confirmed: true });
    await cluster.sql('UPDATE payment_orders SET next_check_at = now() WHERE id = $1', [order.id]);
    const [refundMail] = await delivered(
      email,
      1,
      sayIn('en', paymentMessages.refundMail.subject({ adId })),
    );
    const refundLink = mailLinks(refundMail?.raw ?? '').find((url) => url.pathname === '/refund');
    expect(refundLink?.origin).toBe(`http://${appHost}`);

    const stopped = await cluster.stopServer(second);
    expect(stopped.code).toBe(0);
  }, 180_000);

  it("names the proxy's port in the development site's links, whichever server answers", async () => {
    for (const _ of [1, 2]) {
      const cityPage = await page(proxy, '/');
      expect(cityPage.status).toBe(200);
      const links = [...cityPage.text.matchAll(/href="(http:\/\/localhost[^"]*)"/g)].map(
        (m) => m[1],
      );
      expect(links).toContain(`http://${appHost}/edit-post`);
      expect(links.filter((href) => !href?.startsWith(`http://${appHost}`))).toEqual([]);
      const site = okJson<{ url: string }>(await api(proxy, '/api/site'), 'site');
      expect(site.url).toBe(`http://${appHost}`);
    }
  }, 60_000);

  it('loses no committed write when a web server is killed mid-traffic; the proxy goes on through the other', async () => {
    const traffic = await runWriteTraffic({
      proxy,
      host: appHost,
      lanes: LANES,
      writesPerLane: WRITES_PER_LANE,
      // Killed once a third of the writes were answered: two thirds go on without it,
      // and reads go on for longer than the proxy leaves a failed server alone.
      killAfterWrites: Math.ceil((LANES * WRITES_PER_LANE) / 3),
      readOnMs: 2 * PROXY_RETRY_MS,
      kill: async () => {
        webA.child.kill('SIGKILL');
        await webA.exited;
        return webA.exitedAt() ?? Date.now();
      },
    });
    expect(isRunning(webA)).toBe(false);
    const committed = traffic.attempts.filter(
      (a) => a.kind === 'write' && a.status >= 200 && a.status < 300,
    );
    // Every ad whose creation was answered 2xx is stored, as it was sent.
    const stored = await cluster.sql<{ id: string; title: string }>(
      'SELECT id::text, title FROM ads WHERE id = ANY($1::bigint[])',
      [committed.map((a) => a.adId)],
    );
    const titles = new Map(stored.map((row) => [row.id, row.title]));
    expect(committed.filter((a) => titles.get(a.adId ?? '') !== a.title)).toEqual([]);
    // Before the kill nothing failed; after the killed process was gone, nothing did either.
    const failed = (a: (typeof traffic.attempts)[number]) => a.status < 200 || a.status > 299;
    expect(traffic.attempts.filter((a) => a.endedAt < traffic.killedAt && failed(a))).toEqual([]);
    const afterDeath = traffic.attempts.filter((a) => a.startedAt > traffic.deadAt);
    expect(afterDeath.filter(failed)).toEqual([]);
    expect(afterDeath.filter((a) => a.kind === 'write').length).toBeGreaterThan(0);
    expect(afterDeath.filter((a) => a.startedAt > traffic.deadAt + PROXY_RETRY_MS)).not.toEqual([]);

    webA = await cluster.restart(webA);
    expect((await request(`${base(webA)}/readyz`)).status).toBe(200);
  }, 300_000);

  it('stops both web servers and the worker within 30 s of SIGTERM, each exiting 0', async () => {
    const running = [...cluster.web, ...cluster.workers].filter(isRunning);
    expect(running.map((p) => p.name).sort()).toEqual(['web-a', 'web-b', 'worker-1']);
    const stopped = await cluster.stopServers();
    for (const s of stopped) {
      expect(s.code, `${s.name} exit code`).toBe(0);
      expect(s.ms, `${s.name} stopped after ${s.ms} ms`).toBeLessThan(STOP_DEADLINE_MS);
    }
    expect(stopped).toHaveLength(3);
  }, 120_000);
});
