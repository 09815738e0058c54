import { moderationMessages, type AdminUser, catalogueAreas, messagesOf } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, registerVerified, relaxedLimiter, sqlCount } from './support/accounts.js';
import { createAd, expectErrorBody } from './support/ads.js';
import { signedInWithRole } from './support/moderation.js';
import { as, pendingAd } from './support/moderation-fixtures.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';
import { addAuthenticator } from './support/second-factors.js';

const answersEn = messagesOf(catalogueAreas.answers, 'en');

const password = 'a long enough passphrase';

describe('moderators find, ban and unban users; admins change roles', () => {
  let t: TestApp;
  let jade: { token: string; userId: string };
  let ruby: { token: string; userId: string };
  let moderator: { token: string; userId: string };
  let otherModerator: { token: string; userId: string };
  let admin: { token: string; userId: string };

  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    jade = await registerVerified(t.app, 'jade@example.com', password);
    ruby = await registerVerified(t.app, 'ruby@example.org', password);
    moderator = await signedInWithRole(t, 'mod@example.com', 'moderator');
    otherModerator = await signedInWithRole(t, 'mod2@example.com', 'moderator');
    admin = await signedInWithRole(t, 'admin@example.com', 'admin');
    await createAd(t.app, { session: jade.token, overrides: { phone: '(702) 208-4567' } });
    await createAd(t.app, { session: ruby.token, overrides: { phone: '212-736-5000' } });
  });
  afterAll(async () => {
    await t.close();
  });

  const search = async (q: string) => {
    const res = await call(t.app, 'GET', `/api/admin/users?q=${encodeURIComponent(q)}`, {
      ...as(moderator.token),
    });
    expect(res.status, res.text).toBe(200);
    return res.json as AdminUser[];
  };

  it('finds accounts by part of the email or by the phone digits of their ads', async () => {
    const byEmail = await search('JADE@');
    expect(byEmail).toEqual([
      expect.objectContaining({
        userId: jade.userId,
        email: 'jade@example.com',
        role: 'advertiser',
        banned: false,
        bannedAt: null,
        emailVerified: true,
        siteId: 'local',
        adCount: 1,
        phones: ['+17022084567'],
      }),
    ]);
    expect((await search('example.org')).map((u) => u.userId)).toEqual([ruby.userId]);
    expect((await search('702 208')).map((u) => u.userId)).toEqual([jade.userId]);
    expect((await search('+1 (212) 736')).map((u) => u.userId)).toEqual([ruby.userId]);
    // Wildcards are plain characters here.
    expect(await search('%%%')).toEqual([]);
    expect(await search('___')).toEqual([]);
  });

  it('bans an advertiser: sessions end, login is refused, the ban is audited', async () => {
    const adId = await pendingAd(t, jade.token);
    await call(t.app, 'POST', `/api/admin/posts/${adId}/approve`, as(moderator.token));
    const res = await call(t.app, 'POST', `/api/admin/users/${jade.userId}/ban`, {
      ...as(moderator.token),
      body: { reason: 'Scam ads in three cities.' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ success: true, user: { userId: jade.userId, banned: true } });

    expectErrorBody(await call(t.app, 'GET', '/api/posts', as(jade.token)), 401);
    // The banned owner's approved ad is off the public pages.
    const page = await call(t.app, 'GET', `/ads/details/${adId}`, {
      headers: { host: 'las-vegas.localhost:3000' },
    });
    expect(page.status).toBe(404);
    expect(
      await sqlCount(
        t,
        'SELECT count(*) AS n FROM sessions WHERE user_id = $1 AND revoked_at IS NULL',
        [jade.userId],
      ),
    ).toBe(0);
    const refused = await login(t.app, 'jade@example.com', password);
    expectErrorBody(refused, 403);
    expect(refused.json).toMatchObject({ error: answersEn.auth.accountBanned });

    const { rows } = await t.database.pool.query(
      "SELECT actor_email, action, before, after, reason FROM audit_log WHERE target_type = 'user' AND target_id = $1",
      [jade.userId],
    );
    expect(rows).toEqual([
      expect.objectContaining({
        actor_email: 'mod@example.com',
        action: 'user.ban',
        before: { email: 'jade@example.com', bannedAt: null },
        after: expect.objectContaining({ sessionsRevoked: 1 }),
        reason: 'Scam ads in three cities.',
      }),
    ]);

    // Banning again changes nothing and writes nothing.
    await call(t.app, 'POST', `/api/admin/users/${jade.userId}/ban`, {
      ...as(moderator.token),
      body: { reason: 'Again.' },
    });
    expect(await sqlCount(t, "SELECT count(*) AS n FROM audit_log WHERE action = 'user.ban'")).toBe(
      1,
    );

    const lifted = await call(t.app, 'POST', `/api/admin/users/${jade.userId}/unban`, {
      ...as(moderator.token),
      body: {},
    });
    expect(lifted.json).toMatchObject({ success: true, user: { banned: false, bannedAt: null } });
    expect((await login(t.app, 'jade@example.com', password)).status).toBe(200);
    expect(
      await sqlCount(t, "SELECT count(*) AS n FROM audit_log WHERE action = 'user.unban'"),
    ).toBe(1);
  });

  it('lets moderators ban advertisers only, admins anyone but themselves', async () => {
    const body = { reason: 'Testing the rules.' };
    const onModerator = await call(t.app, 'POST', `/api/admin/users/${otherModerator.userId}/ban`, {
      ...as(moderator.token),
      body,
    });
    expectErrorBody(onModerator, 403);
    expect(onModerator.json).toMatchObject({ error: moderationMessages.adminsOnly });
    const onSelf = await call(t.app, 'POST', `/api/admin/users/${moderator.userId}/ban`, {
      ...as(moderator.token),
      body,
    });
    expect(onSelf.json).toMatchObject({ error: moderationMessages.notYourself });
    const adminOnSelf = await call(t.app, 'POST', `/api/admin/users/${admin.userId}/ban`, {
      ...as(admin.token),
      body,
    });
    expectErrorBody(adminOnSelf, 403);
    expect(adminOnSelf.json).toMatchObject({ error: moderationMessages.notYourself });

    const byAdmin = await call(t.app, 'POST', `/api/admin/users/${otherModerator.userId}/ban`, {
      ...as(admin.token),
      body,
    });
    expect(byAdmin.json).toMatchObject({ user: { banned: true, role: 'moderator' } });
    expectErrorBody(await call(t.app, 'GET', '/api/admin/queue', as(otherModerator.token)), 401);

    const unknown = await call(
      t.app,
      'POST',
      '/api/admin/users/00000000-0000-4000-8000-000000000009/ban',
      { ...as(admin.token), body },
    );
    expectErrorBody(unknown, 404);
  });

  it('lets an admin change roles, at once, but not their own', async () => {
    const byModerator = await call(t.app, 'POST', `/api/admin/users/${ruby.userId}/role`, {
      ...as(moderator.token),
      body: { role: 'moderator' },
    });
    expectErrorBody(byModerator, 403);
    expectErrorBody(await call(t.app, 'GET', '/api/admin/queue', as(ruby.token)), 403);

    const promoted = await call(t.app, 'POST', `/api/admin/users/${ruby.userId}/role`, {
      ...as(admin.token),
      body: { role: 'moderator' },
    });
    expect(promoted.status, promoted.text).toBe(200);
    expect(promoted.json).toMatchObject({
      success: true,
      user: { userId: ruby.userId, role: 'moderator' },
    });
    // The new moderator is held at the console's door until a second factor is on (issue 27).
    const held = await call(t.app, 'GET', '/api/admin/queue', as(ruby.token));
    expect(held.status).toBe(403);
    expect(held.json).toMatchObject({ secondFactorRequired: true });
    await addAuthenticator(t, ruby.userId);
    expect((await call(t.app, 'GET', '/api/admin/queue', as(ruby.token))).status).toBe(200);

    const { rows } = await t.database.pool.query(
      "SELECT actor_email, before, after FROM audit_log WHERE action = 'user.role' AND target_id = $1",
      [ruby.userId],
    );
    expect(rows).toEqual([
      {
        actor_email: 'admin@example.com',
        before: { email: 'ruby@example.org', role: 'advertiser' },
        after: { email: 'ruby@example.org', role: 'moderator' },
      },
    ]);

    const own = await call(t.app, 'POST', `/api/admin/users/${admin.userId}/role`, {
      ...as(admin.token),
      body: { role: 'advertiser' },
    });
    expectErrorBody(own, 403);
    expect(own.json).toMatchObject({ error: moderationMessages.notYourself });
  });
});
