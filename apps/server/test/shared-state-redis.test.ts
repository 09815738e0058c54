import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified } from './support/accounts.js';
import { signedInWithRole } from './support/moderation.js';
import { as, pendingAd } from './support/moderation-fixtures.js';
import { pageChangeScenarios, type PageChangeRig } from './support/page-changes.js';
import { freePort, startTestRedis, type TestRedis } from './support/redis-server.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

/**
 * Two servers (two apps on one database) sharing a Redis server of the test's
 * own, which the test kills, freezes and starts again. Limits are kept in Redis
 * as the server keeps them; the sign-in waits are the real ones (the fixed
 * windows are raised, so the scenarios may register many accounts).
 */
const PAGE_CHANNEL = 'adboard:public-ad-changes';
const WARNING = 'Redis does not answer';
const CITY = { host: 'las-vegas.localhost:3000' };

/** Asks until `check` holds (10 s at most): for what recovers by itself. */
async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** One call, timed: the answer, and how long it took in ms. */
async function timed<T>(run: () => Promise<T>): Promise<{ answer: T; ms: number }> {
  const start = performance.now();
  const answer = await run();
  return { answer, ms: performance.now() - start };
}

const warnings = (t: TestApp) =>
  t
    .logText()
    .split('\n')
    .filter((l) => l.includes(WARNING)).length;

let ips = 0;
/** A client address of its own, so no address limit mixes into an account's. */
const nextIp = () => {
  ips += 1;
  return `10.${(ips >> 16) & 255}.${(ips >> 8) & 255}.${ips & 255}`;
};

const wrongLogin = (t: TestApp, email: string) =>
  call(t.app, 'POST', '/api/user/login', {
    body: { email, password: 'not the passphrase' },
    remoteAddress: nextIp(),
  });

/**
 * Five wrong passwords for one account (its free ones), spread over `spread`,
 * then three at the same moment through `burst`: answers how many of those
 * three were made to wait (429). Counted together, the sixth sets a wait and
 * the other two meet it; counted apart, no process has reached six.
 */
async function refusedAfterFive(spread: TestApp[], burst: TestApp[]): Promise<number> {
  const email = `limits-${randomUUID()}@example.com`;
  for (let i = 0; i < 5; i += 1) {
    const server = spread[i % spread.length] as TestApp;
    expect((await wrongLogin(server, email)).status).toBe(401);
  }
  const answers = await Promise.all(burst.map((server) => wrongLogin(server, email)));
  for (const answer of answers) expect([401, 429]).toContain(answer.status);
  return answers.filter((answer) => answer.status === 429).length;
}

describe('several servers share Redis: page changes and limits', () => {
  let redis: TestRedis;
  let a: TestApp;
  let b: TestApp;
  let rig: PageChangeRig;

  const redisState = async (t: TestApp) =>
    ((await call(t.app, 'GET', '/readyz')).json as { redis?: string }).redis;
  const subscribers = async () => {
    const client = new Redis(redis.url);
    try {
      const [, count] = (await client.pubsub('NUMSUB', PAGE_CHANNEL)) as [string, number];
      return Number(count);
    } finally {
      client.disconnect();
    }
  };

  beforeAll(async () => {
    redis = await startTestRedis();
    const env = { REDIS_URL: redis.url, RATE_LIMIT_SCALE: '1000' };
    a = await createTestApp({ env, publicPageTtlMs: 60_000 });
    b = await createTestApp({ env, publicPageTtlMs: 60_000, databaseUrl: a.databaseUrl });
    rig = {
      writer: a,
      reader: b,
      worker: a,
      moderator: await signedInWithRole(a, 'shared-mod@example.com', 'moderator'),
      admin: await signedInWithRole(a, 'shared-admin@example.com', 'admin'),
      shows: 'soon',
    };
    await until(async () => (await subscribers()) === 2, 'both servers listening');
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await redis?.stop();
  });

  describe('a change on one server drops the pages cached by the other', () => {
    pageChangeScenarios(() => rig);
  });

  it('names Redis ok in /readyz while it answers', async () => {
    const res = await call(a.app, 'GET', '/readyz');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true, database: 'ok', redis: 'ok', storage: 'ok' });
  });

  it('counts a sign-in limit spent on both servers together', async () => {
    expect(await refusedAfterFive([a, b], [a, b, a])).toBe(2);
    expect(await redis.keys('ratelimit:signin:acct:limits-')).not.toEqual([]);
  });

  it('keeps answering when Redis dies: no 500, no wait, limits per process, one warning', async () => {
    const before = warnings(a);
    await redis.kill();
    for (let i = 0; i < 20; i += 1) {
      const server = i % 2 ? a : b;
      const login = await timed(() => wrongLogin(server, `nobody-${i}@example.com`));
      expect(login.answer.status).toBe(401);
      expect(login.ms).toBeLessThan(1_000);
      const page = await timed(() => call(server.app, 'GET', '/', { headers: CITY }));
      expect(page.answer.status).toBe(200);
      expect(page.ms).toBeLessThan(1_000);
    }
    // Each process counts on its own: spread over both, nobody reaches the sixth...
    expect(await refusedAfterFive([a, b], [a, b, a])).toBe(0);
    // ...and on one process alone its own limit holds.
    expect(await refusedAfterFive([a], [a, a, a])).toBe(2);

    const ready = await timed(() => call(a.app, 'GET', '/readyz'));
    expect(ready.answer.status).toBe(200);
    expect(ready.answer.json).toEqual({ ok: true, database: 'ok', redis: 'down', storage: 'ok' });
    expect(ready.ms).toBeLessThan(1_000);
    expect(warnings(a) - before).toBe(1);
    expect(warnings(b)).toBe(1);
    expect(a.logText()).not.toContain(`:${redis.port}`);
  });

  it('recovers by itself when Redis is back: readyz, limits and page changes', async () => {
    await redis.restart();
    await until(
      async () => (await redisState(a)) === 'ok' && (await redisState(b)) === 'ok',
      'readyz saying Redis is ok',
    );
    await until(async () => (await subscribers()) === 2, 'both servers listening again');
    // Each server counts in Redis again (after a failed call it waits a moment before asking).
    for (const t of [a, b]) {
      const probe = `probe-${randomUUID()}@example.com`;
      await until(async () => {
        await wrongLogin(t, probe);
        return (await redis.keys(`ratelimit:signin:acct:${probe}`)).length > 0;
      }, 'limits counted in Redis again');
    }
    expect(await refusedAfterFive([a, b], [a, b, a])).toBe(2);
  });

  describe('after Redis came back, a change on one server still reaches the other', () => {
    pageChangeScenarios(() => rig);
  });

  it('keeps answering while Redis hangs, and recovers when it answers again', async () => {
    const owner = await registerVerified(
      a.app,
      `frozen-${randomUUID()}@example.com`,
      'a passphrase!',
    );
    const id = await pendingAd(a, owner.token, { overrides: { phone: '702-208-4698' } });
    redis.pause();
    try {
      for (let i = 0; i < 10; i += 1) {
        const server = i % 2 ? a : b;
        const login = await timed(() => wrongLogin(server, `frozen-${i}@example.com`));
        expect(login.answer.status).toBe(401);
        expect(login.ms).toBeLessThan(1_000);
      }
      const ready = await timed(() => call(b.app, 'GET', '/readyz'));
      expect(ready.answer.status).toBe(200);
      expect(ready.answer.json).toEqual({ ok: true, database: 'ok', redis: 'down', storage: 'ok' });
      expect(ready.ms).toBeLessThan(1_000);
      // A change answers at once too: its message to the other servers cannot hold it up.
      const approval = await timed(() =>
        call(a.app, 'POST', `/api/admin/posts/${id}/approve`, as(rig.moderator.token)),
      );
      expect(approval.answer.status).toBe(200);
      expect(approval.ms).toBeLessThan(1_000);
    } finally {
      redis.resume();
    }
    await until(async () => (await redisState(b)) === 'ok', 'readyz saying Redis is ok again');
  });
});

describe('a server whose Redis is not there when it starts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${await freePort()}` } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('starts and serves, counting limits in memory, and says Redis is down', async () => {
    const login = await timed(() => wrongLogin(t, 'nobody@example.com'));
    expect(login.answer.status).toBe(401);
    expect(login.ms).toBeLessThan(1_000);
    const ready = await call(t.app, 'GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.json).toEqual({ ok: true, database: 'ok', redis: 'down', storage: 'ok' });
    expect(warnings(t)).toBe(1);
  });
});
