import { catalogueAreas, messagesOf } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, registerVerified, relaxedLimiter, sqlCount } from './support/accounts.js';
import { latestResetLink, readOutbox } from './support/outbox.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

const answersEn = messagesOf(catalogueAreas.answers, 'en');

describe('password reset: POST /api/user/resetpassword and /api/user/changepassword', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
  });
  afterAll(async () => {
    await t.close();
  });

  const password = 'the first passphrase';
  const newPassword = 'a brand new passphrase';
  const requestReset = (email: string) =>
    call(t.app, 'POST', '/api/user/resetpassword', { body: { email } });
  const change = (email: string, token: string, pw: string) =>
    call(t.app, 'POST', '/api/user/changepassword', { body: { email, password: pw, token } });

  async function resetToken(email: string): Promise<string> {
    const res = await requestReset(email);
    expect(res.json).toEqual({ success: true });
    return (await latestResetLink(t.app, email)).searchParams.get('edit') ?? '';
  }

  /** A link that was used, has expired or was never this account's: 410, and it says so. */
  function expectLinkGone(res: Awaited<ReturnType<typeof change>>) {
    expect(res.status).toBe(410);
    expect(res.json).toEqual({ success: false, error: answersEn.auth.resetLinkGone });
  }

  it('answers an unknown email exactly like a known one, and mails nothing', async () => {
    await registerVerified(t.app, 'known@example.com', password);
    const known = await requestReset('known@example.com');
    const unknown = await requestReset('unknown@example.com');
    expect(unknown.status).toBe(known.status);
    expect(unknown.json).toEqual({ success: true });
    expect(unknown.text).toBe(known.text);
    expect(await readOutbox(t.app, 'unknown@example.com')).toEqual([]);
  });

  it('answers an email with no account, with any token, as a link that is not valid (410)', async () => {
    expectLinkGone(await change('nobody.here@example.com', 'A'.repeat(43), newPassword));
  });

  it('tells a suspended account so only through a valid link; a wrong link is gone as for anyone', async () => {
    const email = 'suspended.reset@example.com';
    await registerVerified(t.app, email, password);
    const token = await resetToken(email);
    await t.database.pool.query(`update users set banned_at = now() where email_normalized = $1`, [
      email,
    ]);
    expectLinkGone(await change(email, 'B'.repeat(43), newPassword));
    const res = await change(email, token, newPassword);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ success: false, error: answersEn.auth.accountBanned });
  });

  it('mails a link to /resetpassword on the site asked, with the email and the token', async () => {
    const email = 'link.shape@example.com';
    await registerVerified(t.app, email, password);
    await requestReset(email);
    const link = await latestResetLink(t.app, email);
    expect(link.origin).toBe('http://localhost:3000');
    expect(link.pathname).toBe('/resetpassword');
    expect([...link.searchParams.keys()].sort()).toEqual(['edit', 'email']);
    expect(link.searchParams.get('email')).toBe(email);
    expect(link.searchParams.get('edit')).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('sets the new password with the token: the old one stops working', async () => {
    const email = 'changer@example.com';
    await registerVerified(t.app, email, password);
    const token = await resetToken(email);
    const res = await change(email, token, newPassword);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true });
    expect((await login(t.app, email, password)).status).toBe(401);
    expect((await login(t.app, email, newPassword)).status).toBe(200);
  });

  it('answers a token older than one hour: the link has expired (410), not "try again later"', async () => {
    const email = 'late@example.com';
    await registerVerified(t.app, email, password);
    const token = await resetToken(email);
    await t.database.pool.query(
      `update password_resets set expires_at = now() - interval '1 second'
       where user_id = (select id from users where email_normalized = $1)`,
      [email],
    );
    expectLinkGone(await change(email, token, newPassword));
    expect((await login(t.app, email, password)).status).toBe(200);
  });

  it('issues tokens that expire one hour after the request', async () => {
    const email = 'hour@example.com';
    await registerVerified(t.app, email, password);
    await resetToken(email);
    const { rows } = await t.database.pool.query<{ minutes: number }>(
      `select extract(epoch from (expires_at - created_at)) / 60 as minutes from password_resets
       where user_id = (select id from users where email_normalized = $1)`,
      [email],
    );
    expect(Number(rows[0]?.minutes)).toBeCloseTo(60, 0);
  });

  it("refuses A's token used with B's email, and leaves it working for A", async () => {
    const a = 'reset.a@example.com';
    const b = 'reset.b@example.com';
    await registerVerified(t.app, a, password);
    await registerVerified(t.app, b, password);
    const tokenA = await resetToken(a);
    expectLinkGone(await change(b, tokenA, newPassword));
    expect((await login(t.app, b, password)).status).toBe(200);
    expect((await change(a, tokenA, newPassword)).status).toBe(200);
  });

  it('answers a token the second time: the link was used (410), not "try again later"', async () => {
    const email = 'reuse@example.com';
    await registerVerified(t.app, email, password);
    const token = await resetToken(email);
    expect((await change(email, token, newPassword)).status).toBe(200);
    expectLinkGone(await change(email, token, 'a third passphrase'));
    expect((await login(t.app, email, newPassword)).status).toBe(200);
  });

  it('refuses a weak new password with the password message; the token still works after', async () => {
    const email = 'weak.choice@example.com';
    await registerVerified(t.app, email, password);
    const token = await resetToken(email);

    const short = await change(email, token, 'short');
    expect(short.status).toBe(400);
    expect(short.json).toMatchObject({
      success: false,
      error: answersEn.auth.passwordTooShort({ minLength: 8 }),
    });
    const common = await change(email, token, 'iloveyou');
    expect(common.status).toBe(400);
    expect(common.json).toMatchObject({ success: false, error: answersEn.auth.passwordTooCommon });
    expect((await login(t.app, email, password)).status).toBe(200);

    expect((await change(email, token, newPassword)).status).toBe(200);
    expect((await login(t.app, email, newPassword)).status).toBe(200);
  });

  it('ends every session of the account', async () => {
    const email = 'many.devices@example.com';
    const first = await registerVerified(t.app, email, password);
    const second = await login(t.app, email, password);
    const secondToken = (second.json as { data: { token: string } }).data.token;
    const token = await resetToken(email);
    expect((await change(email, token, newPassword)).status).toBe(200);
    for (const session of [first.token, secondToken]) {
      const status = await call(t.app, 'GET', '/api/user/status', { headers: { session } });
      expect(status.json).toEqual({ ok: false });
    }
  });

  it('lets an unverified account that resets its password log in', async () => {
    const email = 'never.verified@example.com';
    await call(t.app, 'POST', '/api/user/register', { body: { email, password } });
    expect((await login(t.app, email, password)).status).toBe(403);
    const token = await resetToken(email);
    expect((await change(email, token, newPassword)).status).toBe(200);
    const res = await login(t.app, email, newPassword);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, data: { email } });
  });

  it('stores only a hash of the reset token', async () => {
    const email = 'hash.only@example.com';
    await registerVerified(t.app, email, password);
    const token = await resetToken(email);
    const { rows } = await t.database.pool.query<{ row: string }>(
      'select row_to_json(r)::text as row from password_resets r',
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const { row } of rows) expect(row).not.toContain(token);
    expect(
      await sqlCount(t, 'select count(*) as n from password_resets where token_hash = $1', [token]),
    ).toBe(0);
  });
});
