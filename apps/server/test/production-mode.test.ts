import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { devChainMine, devChainPay, readDevOutbox } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeServices } from '../src/composition.js';
import { loadConfig } from '../src/config.js';
import { listMessagesTo } from '../src/modules/outbox/outbox-repository.js';
import { photoLinkSecret } from '../src/modules/photos/photo-link-secret.js';
import { relaxedLimiter } from './support/accounts.js';
import { productionEnv } from './support/production-env.js';
import { accountMailDone, call, createTestApp, type TestApp } from './support/test-app.js';
import { createTestDatabase } from './support/test-database.js';

const password = 'a long enough passphrase';
const devEndpoints = [devChainPay, devChainMine, readDevOutbox];

/** The newest message to `to`, read from the outbox table (production has no /dev/outbox). */
async function newestMessage(t: TestApp, to: string): Promise<string> {
  await accountMailDone(t.app);
  const [message] = await listMessagesTo(t.database.db, to, 1);
  if (!message) throw new Error(`nothing sent to ${to}`);
  return message.bodyText;
}

/** Each Set-Cookie header of an answer, as a list. */
function setCookies(headers: Record<string, unknown>): string[] {
  const value = headers['set-cookie'];
  if (value === undefined) return [];
  return Array.isArray(value) ? value.map(String) : [String(value)];
}

describe('a production app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: productionEnv, limiter: relaxedLimiter() });
  });
  afterAll(async () => {
    await t.close();
  });

  async function registerVerified(email: string): Promise<void> {
    const reg = await call(t.app, 'POST', '/api/user/register', { body: { email, password } });
    expect(reg.status).toBe(200);
    const code = /\b(\d{6})\b/.exec(await newestMessage(t, email))?.[1];
    const verified = await call(t.app, 'POST', '/api/user/verifyemail', {
      body: { email, code },
    });
    expect(verified.status).toBe(200);
  }

  it('marks every cookie Secure, though the request behind the TLS proxy came over plain HTTP', async () => {
    const email = 'secure.cookies@example.com';
    await registerVerified(email);
    const login = await call(t.app, 'POST', '/api/user/login', { body: { email, password } });
    expect(login.status).toBe(200);
    const reset = await call(t.app, 'POST', '/api/user/resetpassword', { body: { email } });
    expect(reset.status).toBe(200);
    const link = /https?:\/\/\S+\/resetpassword\?\S+/.exec(await newestMessage(t, email))?.[0];
    const token = new URL(link ?? 'http://x/').searchParams.get('edit');
    const changed = await call(t.app, 'POST', '/api/user/changepassword', {
      body: { email, password: 'another long passphrase', token },
    });
    expect(changed.status).toBe(200);
    // The sign-in and the password reset are where the server sets a cookie (the device cookie).
    for (const answer of [login, changed]) {
      const cookies = setCookies(answer.headers);
      expect(cookies).toHaveLength(1);
      for (const cookie of cookies) expect(cookie.split('; ')).toContain('Secure');
    }
  });

  it('has no /dev/ route at all: each development call answers 404', async () => {
    expect(t.app.registeredRoutes.filter((r) => r.url.startsWith('/dev/'))).toEqual([]);
    for (const endpoint of devEndpoints) {
      const res = await call(t.app, endpoint.method, endpoint.path, { body: {} });
      expect(res.status, endpoint.path).toBe(404);
    }
    expect((await call(t.app, 'GET', '/dev/anything-else')).status).toBe(404);
  });

  it('asks browsers for HTTPS only (HSTS) on every answer: API, page, error', async () => {
    const answers = [
      await call(t.app, 'GET', '/api/site'),
      await call(t.app, 'GET', '/', { headers: { host: 'boston.localhost:3000' } }),
      await call(t.app, 'GET', '/api/no-such-call'),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 404]);
    for (const answer of answers) {
      expect(answer.headers['strict-transport-security']).toBe('max-age=31536000');
    }
  });
});

describe('a development app, for comparison', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('has the development calls and sends no HSTS', async () => {
    const urls = t.app.registeredRoutes.map((r) => r.url);
    for (const endpoint of devEndpoints) expect(urls).toContain(endpoint.path);
    const res = await call(t.app, 'GET', '/livez');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('production services', () => {
  it('run on the settings only: no fake chain, no outbox transports, no demo rate', async () => {
    const db = await createTestDatabase();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'adboard-production-'));
    const config = loadConfig({ ...productionEnv, DATA_DIR: dataDir, BTC_FIXED_RATE: '61234.56' });
    const services = await composeServices(config, db.url);
    try {
      expect(services.fakeChain).toBeNull();
      expect(services.mail.kind).toBe('smtp');
      expect(services.sms.kind).toBe('twilio');
      expect((await services.payments.rates.current('USD')).rate).toBe(61234.56);
      const demoAccount = loadConfig({}).bitcoin.account;
      expect(services.payments.bitcoin.account.fingerprint).not.toBe(demoAccount.fingerprint);
      // Nothing of development is made in the data folder (no fake chain, no generated key).
      expect(await readdir(dataDir)).toEqual([]);
    } finally {
      await services.close();
      await db.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('never generate the photo link key: without PHOTO_URL_SECRET production refuses', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'adboard-production-'));
    try {
      await expect(
        photoLinkSecret({ dataDir, photoUrlSecret: undefined, isProduction: true }),
      ).rejects.toThrow(/PHOTO_URL_SECRET/);
      expect(await readdir(dataDir)).toEqual([]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
