import { limits, catalogueAreas, messagesOf } from '@adboard/shared';
import { dictionary } from '@zxcvbn-ts/language-common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, registerVerified, relaxedLimiter, sqlCount } from './support/accounts.js';
import { readOutbox } from './support/outbox.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

const answersEn = messagesOf(catalogueAreas.answers, 'en');

describe('POST /api/user/register', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
  });
  afterAll(async () => {
    await t.close();
  });

  const register = (body: unknown) => call(t.app, 'POST', '/api/user/register', { body });
  const userRows = (email: string) =>
    sqlCount(t, 'select count(*) as n from users where email_normalized = $1', [
      email.toLowerCase(),
    ]);

  it('answers { success: true } and mails a 6-digit code to the new address', async () => {
    const email = 'new.advertiser@example.com';
    const res = await register({ email, password: 'correct horse battery' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true });

    const mails = await readOutbox(t.app, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.channel).toBe('email');
    expect(mails[0]?.text).toMatch(/\b\d{6}\b/);
    expect(await userRows(email)).toBe(1);
  });

  it('answers a registered address exactly like a new one, changes nothing, and tells the owner by mail', async () => {
    const email = 'taken@example.com';
    const password = 'the original passphrase';
    await registerVerified(t.app, email, password);
    const before = await t.database.pool.query(
      'select password_hash, email_verified_at from users where email_normalized = $1',
      [email],
    );

    const fresh = await register({ email: 'never.seen@example.com', password: 'an intruder pass' });
    const again = await register({ email, password: 'an intruder pass' });
    expect(again.status).toBe(fresh.status);
    expect(again.json).toEqual(fresh.json);
    expect(again.text).toBe(fresh.text);

    const after = await t.database.pool.query(
      'select password_hash, email_verified_at from users where email_normalized = $1',
      [email],
    );
    expect(after.rows).toEqual(before.rows);
    expect(await userRows(email)).toBe(1);

    expect((await login(t.app, email, password)).status).toBe(200);
    const intruder = await login(t.app, email, 'an intruder pass');
    expect(intruder.status).toBe(401);

    // The newest mail may be the sign-in's new-device notice (issue 27): find this one.
    const notice = (await readOutbox(t.app, email)).find((m) =>
      m.subject.includes('You already have an account'),
    );
    expect(notice?.subject).toContain('You already have an account');
    expect(notice?.text).toContain('http://localhost:3000/forgotpassword');
    expect(notice?.text).not.toMatch(/\b\d{6}\b/);
  });

  it('refuses an invalid email with a 400 naming the email field, and stores nothing', async () => {
    const res = await register({ email: 'not-an-email', password: 'correct horse battery' });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      success: false,
      error: answersEn.rules.invalidEmail,
      fields: { email: answersEn.rules.invalidEmail },
    });
    expect(await sqlCount(t, "select count(*) as n from users where email = 'not-an-email'")).toBe(
      0,
    );
  });

  it('refuses a request without a body with a 400', async () => {
    const users = await sqlCount(t, 'select count(*) as n from users');
    const res = await call(t.app, 'POST', '/api/user/register');
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, error: expect.any(String) });
    expect(await sqlCount(t, 'select count(*) as n from users')).toBe(users);
  });

  it('refuses a password shorter than the site minimum (8) with the message naming it', async () => {
    const email = 'short.pass@example.com';
    const res = await register({ email, password: 'abc1234' });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      success: false,
      error: answersEn.auth.passwordTooShort({ minLength: 8 }),
      fields: { password: answersEn.auth.passwordTooShort({ minLength: 8 }) },
    });
    expect(await userRows(email)).toBe(0);
    expect(await readOutbox(t.app, email)).toEqual([]);
  });

  it.each(['password1234', 'iloveyou', 'ILoveYou'])(
    'refuses the common password %s',
    async (password) => {
      const common = dictionary['passwords-common'] ?? [];
      expect(common).toContain(password.toLowerCase());
      const email = `common.${password.toLowerCase()}@example.com`;
      const res = await register({ email, password });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ success: false, error: answersEn.auth.passwordTooCommon });
      expect(await userRows(email)).toBe(0);
    },
  );

  it.each([64, 200, limits.passwordMaxLength])(
    'accepts a %i-character password and keeps all of it',
    async (length) => {
      const email = `long${length}@example.com`;
      const password = 'Zq7-'.repeat(64).slice(0, length);
      const res = await register({ email, password });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ success: true });
      expect(await userRows(email)).toBe(1);
      // The right password is recognised (403: still to verify); a truncation of it is not.
      const right = await login(t.app, email, password);
      expect(right.status).toBe(403);
      const truncated = await login(t.app, email, password.slice(0, 60));
      expect(truncated.status).toBe(401);
    },
  );

  it('refuses a password longer than 256 characters', async () => {
    const email = 'too.long@example.com';
    const res = await register({ email, password: 'x'.repeat(257) });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      success: false,
      error: answersEn.auth.passwordTooLong({ maxLength: 256 }),
      fields: { password: answersEn.auth.passwordTooLong({ maxLength: 256 }) },
    });
    expect(await userRows(email)).toBe(0);
  });

  it('stores the password as an argon2id hash, never as given', async () => {
    const email = 'hash.check@example.com';
    const password = 'a secret passphrase';
    await register({ email, password });
    const { rows } = await t.database.pool.query<{ password_hash: string }>(
      'select password_hash from users where email_normalized = $1',
      [email],
    );
    expect(rows[0]?.password_hash.startsWith('$argon2id$')).toBe(true);
    expect(rows[0]?.password_hash).not.toContain(password);
  });
});
