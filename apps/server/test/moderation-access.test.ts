import { moderationMessages } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, relaxedLimiter } from './support/accounts.js';
import { expectErrorBody } from './support/ads.js';
import { signedInWithRole } from './support/moderation.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

const someUuid = '00000000-0000-4000-8000-000000000001';
const txid = 'ab'.repeat(32);

/** Every /api/admin call with a body it would accept. */
const moderatorCalls: { method: 'GET' | 'POST'; url: string; body?: unknown }[] = [
  { method: 'GET', url: '/api/admin/dashboard' },
  { method: 'GET', url: '/api/admin/queue' },
  { method: 'GET', url: '/api/admin/posts/100001' },
  { method: 'POST', url: '/api/admin/posts/100001/approve', body: {} },
  { method: 'POST', url: '/api/admin/posts/100001/reject', body: { reason: 'Not allowed here' } },
  { method: 'GET', url: '/api/admin/reports' },
  { method: 'POST', url: `/api/admin/reports/${someUuid}/dismiss`, body: {} },
  { method: 'GET', url: '/api/admin/refunds' },
  { method: 'GET', url: '/api/admin/users?q=example' },
  { method: 'POST', url: `/api/admin/users/${someUuid}/ban`, body: { reason: 'Spam ads' } },
  { method: 'POST', url: `/api/admin/users/${someUuid}/unban`, body: {} },
];
const adminCalls: { method: 'GET' | 'POST'; url: string; body?: unknown }[] = [
  { method: 'POST', url: `/api/admin/refunds/${someUuid}/sent`, body: { txid } },
  { method: 'POST', url: `/api/admin/users/${someUuid}/role`, body: { role: 'moderator' } },
  { method: 'GET', url: '/api/admin/audit' },
];

describe('only moderators reach /api/admin, and only admins its admin calls', () => {
  let t: TestApp;
  let advertiser: string;
  let moderator: string;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    advertiser = (await registerVerified(t.app, 'adv@example.com', 'a long enough passphrase'))
      .token;
    moderator = (await signedInWithRole(t, 'mod@example.com', 'moderator')).token;
    admin = (await signedInWithRole(t, 'admin@example.com', 'admin')).token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 401 without a session and 403 to an advertiser, on every call', async () => {
    for (const c of [...moderatorCalls, ...adminCalls]) {
      const anonymous = await call(t.app, c.method, c.url, { body: c.body });
      expectErrorBody(anonymous, 401);

      const refused = await call(t.app, c.method, c.url, {
        headers: { session: advertiser },
        body: c.body,
      });
      expectErrorBody(refused, 403);
      expect(refused.json, `${c.method} ${c.url}`).toMatchObject({
        error: moderationMessages.moderatorsOnly,
      });
    }
  });

  it('refuses moderators the admin calls with adminsOnly', async () => {
    for (const c of adminCalls) {
      const refused = await call(t.app, c.method, c.url, {
        headers: { session: moderator },
        body: c.body,
      });
      expectErrorBody(refused, 403);
      expect(refused.json, `${c.method} ${c.url}`).toMatchObject({
        error: moderationMessages.adminsOnly,
      });
    }
  });

  it('lets moderators and admins in: unknown items are 404, never 500', async () => {
    for (const session of [moderator, admin]) {
      for (const c of moderatorCalls) {
        const res = await call(t.app, c.method, c.url, { headers: { session }, body: c.body });
        expect([200, 404], `${c.method} ${c.url}: ${res.text}`).toContain(res.status);
      }
    }
    for (const c of adminCalls) {
      const res = await call(t.app, c.method, c.url, { headers: { session: admin }, body: c.body });
      expect([200, 404], `${c.method} ${c.url}: ${res.text}`).toContain(res.status);
    }
    const unknown = await call(t.app, 'GET', '/api/admin/posts/999999', {
      headers: { session: moderator },
    });
    expectErrorBody(unknown, 404);
    expect(unknown.json).toMatchObject({ error: moderationMessages.notFound });
  });

  it('answers 400 JSON for malformed ids and bodies', async () => {
    const session = moderator;
    for (const url of [
      '/api/admin/posts/abc',
      '/api/admin/posts/1e9999',
      "/api/admin/posts/1'--",
    ]) {
      expectErrorBody(await call(t.app, 'GET', url, { headers: { session } }), 400);
    }
    expectErrorBody(
      await call(t.app, 'POST', '/api/admin/reports/not-a-uuid/dismiss', {
        headers: { session },
        body: {},
      }),
      400,
    );
    const noReason = await call(t.app, 'POST', '/api/admin/posts/100001/reject', {
      headers: { session },
      body: { reason: ' ' },
    });
    expectErrorBody(noReason, 400);
    expect(noReason.json).toMatchObject({ error: moderationMessages.reasonRequired });
    const badCode = await call(t.app, 'POST', '/api/admin/posts/100001/reject', {
      headers: { session },
      body: { code: 'because', reason: 'Not allowed here' },
    });
    expect(badCode.json).toMatchObject({ error: moderationMessages.reasonCodeUnknown });
    for (const [url, message] of [
      ['/api/admin/queue?type=gold', moderationMessages.filterUnknown],
      ['/api/admin/queue?page=x', moderationMessages.pageInvalid],
      ['/api/admin/queue?page=0', moderationMessages.pageInvalid],
      ['/api/admin/reports?state=lost', moderationMessages.filterUnknown],
      ['/api/admin/refunds?state=maybe', moderationMessages.filterUnknown],
    ] as const) {
      const res = await call(t.app, 'GET', url, { headers: { session } });
      expectErrorBody(res, 400);
      expect(res.json, url).toMatchObject({ error: message });
    }
    const badTarget = await call(t.app, 'GET', '/api/admin/audit?targetType=planet', {
      headers: { session: admin },
    });
    expect(badTarget.json).toMatchObject({ error: moderationMessages.filterUnknown });
    const shortSearch = await call(t.app, 'GET', '/api/admin/users?q=ab', { headers: { session } });
    expect(shortSearch.json).toMatchObject({ error: moderationMessages.searchTooShort });
    const badTxid = await call(t.app, 'POST', `/api/admin/refunds/${someUuid}/sent`, {
      headers: { session: admin },
      body: { txid: 'xyz' },
    });
    expect(badTxid.json).toMatchObject({ error: moderationMessages.txidInvalid });
    const badRole = await call(t.app, 'POST', `/api/admin/users/${someUuid}/role`, {
      headers: { session: admin },
      body: { role: 'owner' },
    });
    expect(badRole.json).toMatchObject({ error: moderationMessages.roleUnknown });
  });
});
