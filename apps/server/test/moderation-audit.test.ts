import type { AuditEntry } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, relaxedLimiter, sqlCount } from './support/accounts.js';
import { signedInWithRole } from './support/moderation.js';
import { as, pendingAd } from './support/moderation-fixtures.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

describe('the audit log records every moderator action and nobody can change it', () => {
  let t: TestApp;
  let advertiser: { token: string; userId: string };
  let moderator: string;
  let admin: string;
  let approvedId: string;
  let rejectedId: string;

  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    advertiser = await registerVerified(t.app, 'adv@example.com', 'a long enough passphrase');
    moderator = (await signedInWithRole(t, 'mod@example.com', 'moderator')).token;
    admin = (await signedInWithRole(t, 'admin@example.com', 'admin')).token;
    approvedId = await pendingAd(t, advertiser.token);
    rejectedId = await pendingAd(t, advertiser.token);
    await call(t.app, 'POST', `/api/admin/posts/${approvedId}/approve`, as(moderator));
    await call(t.app, 'POST', `/api/admin/posts/${rejectedId}/reject`, {
      ...as(moderator),
      body: { reason: 'Too many capitals.' },
    });
    await call(t.app, 'POST', `/api/admin/users/${advertiser.userId}/ban`, {
      ...as(admin),
      body: { reason: 'Repeated scams.' },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows admins who did what, when, before and after, newest first', async () => {
    const res = await call(t.app, 'GET', '/api/admin/audit', as(admin));
    expect(res.status).toBe(200);
    const page = res.json as Page<AuditEntry>;
    expect(page.items.map((e) => [e.action, e.actorEmail, e.targetId])).toEqual([
      ['user.ban', 'admin@example.com', advertiser.userId],
      ['ad.reject', 'mod@example.com', rejectedId],
      ['ad.approve', 'mod@example.com', approvedId],
    ]);
    expect(page.items[1]).toMatchObject({
      targetType: 'ad',
      reason: 'Too many capitals.',
      before: { status: 'pending' },
      after: { status: 'rejected' },
    });
    expect(Date.now() - new Date(page.items[0]?.createdAt ?? 0).getTime()).toBeLessThan(60_000);

    const oneAd = (
      await call(t.app, 'GET', `/api/admin/audit?targetType=ad&targetId=${approvedId}`, as(admin))
    ).json as Page<AuditEntry>;
    expect(oneAd.items.map((e) => e.action)).toEqual(['ad.approve']);
    expect(oneAd.total).toBe(1);

    // The review screen shows the ad's own history.
    const review = await call(t.app, 'GET', `/api/admin/posts/${rejectedId}`, as(moderator));
    expect(review.json).toMatchObject({
      history: [{ action: 'ad.reject', actorEmail: 'mod@example.com' }],
    });
  });

  it('has no call that edits or deletes an entry', async () => {
    for (const method of ['POST', 'PATCH', 'DELETE'] as const) {
      const res = await call(t.app, method, '/api/admin/audit/1', { ...as(admin), body: {} });
      expect(res.status).toBe(404);
    }
  });

  it('refuses UPDATE, DELETE and TRUNCATE at the database', async () => {
    const before = await sqlCount(t, 'SELECT count(*) AS n FROM audit_log');
    await expect(
      t.database.pool.query("UPDATE audit_log SET actor_email = 'someone@else.example'"),
    ).rejects.toThrow(/append-only/);
    await expect(t.database.pool.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
    await expect(t.database.pool.query('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
    expect(await sqlCount(t, 'SELECT count(*) AS n FROM audit_log')).toBe(before);
    expect(
      await sqlCount(
        t,
        "SELECT count(*) AS n FROM audit_log WHERE actor_email = 'someone@else.example'",
      ),
    ).toBe(0);
  });
});
