import { catalogueAreas, messagesOf } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, registerVerified, relaxedLimiter } from './support/accounts.js';
import { latestCode, readOutbox } from './support/outbox.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

const answersEn = messagesOf(catalogueAreas.answers, 'en');

describe('POST /api/user/login', () => {
  let t: TestApp;
  const email = 'Login.User@Example.com';
  const password = 'a long enough passphrase';
  let userId: string;

  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    userId = (await registerVerified(t.app, email, password)).userId;
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers an unknown email and a wrong password alike: 401 invalid credentials', async () => {
    const unknown = await login(t.app, 'nobody@example.com', password);
    const wrongPassword = await login(t.app, email, 'not the passphrase');
    expect(unknown.status).toBe(401);
    expect(wrongPassword.status).toBe(401);
    expect(unknown.json).toEqual({ success: false, error: answersEn.auth.invalidCredentials });
    expect(wrongPassword.text).toBe(unknown.text);
  });

  it('signs a verified user in with a working session token', async () => {
    const res = await login(t.app, email, password);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      success: true,
      data: { token: expect.any(String), email, user_id: userId },
    });
    const { token } = (res.json as { data: { token: string } }).data;
    expect(token.length).toBeGreaterThanOrEqual(40);
    const status = await call(t.app, 'GET', '/api/user/status', { headers: { session: token } });
    expect(status.json).toMatchObject({ ok: true, email, userId, role: 'advertiser' });
  });

  it('treats the email case-insensitively and ignores surrounding spaces', async () => {
    const res = await login(t.app, `  ${email.toUpperCase()} `, password);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, data: { user_id: userId } });
    const wrongCase = await login(t.app, email, password.toUpperCase());
    expect(wrongCase.status).toBe(401);
  });

  it('tells an unverified user with the right password to verify, and mails a new code', async () => {
    const pending = 'pending@example.com';
    await call(t.app, 'POST', '/api/user/register', { body: { email: pending, password } });
    const before = (await readOutbox(t.app, pending)).length;

    const res = await login(t.app, pending, password);
    expect(res.status).toBe(403);
    expect(res.json).toEqual({
      success: false,
      error: answersEn.auth.emailNotVerified,
      verifyEmail: true,
    });
    expect((await readOutbox(t.app, pending)).length).toBe(before + 1);

    // The freshly mailed code is the one that works.
    const code = await latestCode(t.app, pending);
    const verified = await call(t.app, 'POST', '/api/user/verifyemail', {
      body: { email: pending, code },
    });
    expect(verified.status).toBe(200);
    expect((await login(t.app, pending, password)).status).toBe(200);
  });

  it('says nothing about verification to a caller with the wrong password', async () => {
    const pending = 'pending2@example.com';
    await call(t.app, 'POST', '/api/user/register', { body: { email: pending, password } });
    const before = (await readOutbox(t.app, pending)).length;
    const res = await login(t.app, pending, 'not the passphrase');
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ success: false, error: answersEn.auth.invalidCredentials });
    expect((await readOutbox(t.app, pending)).length).toBe(before);
  });

  it('stores the password as argon2id', async () => {
    const { rows } = await t.database.pool.query<{ password_hash: string }>(
      'select password_hash from users where id = $1',
      [userId],
    );
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('stores only a hash of the session token', async () => {
    const res = await login(t.app, email, password);
    const { token } = (res.json as { data: { token: string } }).data;
    const { rows } = await t.database.pool.query<{ row: string }>(
      'select row_to_json(s)::text as row from sessions s',
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const { row } of rows) expect(row).not.toContain(token);
  });

  it('refuses a session token it never issued', async () => {
    const status = await call(t.app, 'GET', '/api/user/status', {
      headers: { session: 'x'.repeat(43) },
    });
    expect(status.json).toEqual({ ok: false });
  });
});
