import { accountMessages, loginLockout, catalogueAreas, messagesOf, sayIn } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimitStore, createRateLimiter } from '../src/http/rate-limit.js';
import { login, registerVerified, relaxedLimiter } from './support/accounts.js';
import { latestResetLink, readOutbox } from './support/outbox.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

const answersEn = messagesOf(catalogueAreas.answers, 'en');

const password = 'the first passphrase';
const newPassword = 'a brand new passphrase';
const as = (token: string) => ({ headers: { session: token } });

function changeOn(t: TestApp, token: string, body: unknown, remoteAddress?: string) {
  return call(t.app, 'POST', '/api/account/password', {
    body,
    ...as(token),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

describe('change password on the account page: POST /api/account/password (issue 27)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
  });
  afterAll(async () => {
    await t.close();
  });
  const change = (token: string, body: unknown) => changeOn(t, token, body);
  const isSignedIn = async (token: string) =>
    ((await call(t.app, 'GET', '/api/user/status', as(token))).json as { ok: boolean }).ok;

  it('sets the new password, ends every other session but this one, and mails the account', async () => {
    const email = 'changes.password@example.com';
    const here = (await registerVerified(t.app, email, password)).token;
    const elsewhere = ((await login(t.app, email, password)).json as { data: { token: string } })
      .data.token;
    const before = (await readOutbox(t.app, email)).length;

    const res = await change(here, { currentPassword: password, newPassword });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true });

    // Read before signing in again: a sign-in from a new device is mailed too.
    const mails = await readOutbox(t.app, email);
    expect(mails.length).toBe(before + 1);
    expect(mails[0]?.subject).toContain(sayIn('en', accountMessages.mail.passwordChanged.subject));
    expect(mails[0]?.text).not.toContain(newPassword);

    expect(await isSignedIn(here)).toBe(true);
    expect(await isSignedIn(elsewhere)).toBe(false);
    expect((await login(t.app, email, password)).status).toBe(401);
    expect((await login(t.app, email, newPassword)).status).toBe(200);
  });

  it('makes a reset link asked for before the change stop working', async () => {
    const email = 'reset.then.change@example.com';
    const { token } = await registerVerified(t.app, email, password);
    await call(t.app, 'POST', '/api/user/resetpassword', { body: { email } });
    const link = await latestResetLink(t.app, email);
    expect((await change(token, { currentPassword: password, newPassword })).status).toBe(200);
    const res = await call(t.app, 'POST', '/api/user/changepassword', {
      body: { email, password: 'the reset link passphrase', token: link.searchParams.get('edit') },
    });
    expect(res.status).toBe(410);
    expect((await login(t.app, email, newPassword)).status).toBe(200);
  });

  it('refuses a wrong current password under its field, changing nothing and mailing nothing', async () => {
    const email = 'wrong.current@example.com';
    const here = (await registerVerified(t.app, email, password)).token;
    const elsewhere = ((await login(t.app, email, password)).json as { data: { token: string } })
      .data.token;
    const before = (await readOutbox(t.app, email)).length;
    const res = await change(here, { currentPassword: 'not my password', newPassword });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      success: false,
      error: sayIn('en', accountMessages.password.currentWrong),
      fields: { currentPassword: sayIn('en', accountMessages.password.currentWrong) },
    });
    expect((await readOutbox(t.app, email)).length).toBe(before);
    expect(await isSignedIn(here)).toBe(true);
    expect(await isSignedIn(elsewhere)).toBe(true);
    expect((await login(t.app, email, password)).status).toBe(200);
  });

  it('refuses a common or breached new password, whatever its case, saying why', async () => {
    const email = 'common.new@example.com';
    const { token } = await registerVerified(t.app, email, password);
    for (const common of ['password1234', 'PassWord1234', 'iloveyou']) {
      const res = await change(token, { currentPassword: password, newPassword: common });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({
        error: answersEn.auth.passwordTooCommon,
        fields: { newPassword: answersEn.auth.passwordTooCommon },
      });
    }
    const short = await change(token, { currentPassword: password, newPassword: 'qz7!kv2' });
    expect(short.json).toMatchObject({
      fields: { newPassword: answersEn.auth.passwordTooShort({ minLength: 8 }) },
    });
    expect((await login(t.app, email, password)).status).toBe(200);
  });

  it('asks for a session (401) and for both fields (400 naming each)', async () => {
    const anonymous = await call(t.app, 'POST', '/api/account/password', {
      body: { currentPassword: password, newPassword },
    });
    expect(anonymous.status).toBe(401);
    const { token } = await registerVerified(t.app, 'fields.missing@example.com', password);
    const res = await change(token, {});
    expect(res.status).toBe(400);
    expect(Object.keys((res.json as { fields: Record<string, string> }).fields).sort()).toEqual([
      'currentPassword',
      'newPassword',
    ]);
  });
});

describe('a wrong current password is a counted guess of the session that makes it', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The shipped limits and lockout, on a clock that stands still.
    const now = 1_700_000_000_000;
    t = await createTestApp({ limiter: createRateLimiter(createMemoryRateLimitStore(() => now)) });
  });
  afterAll(async () => {
    await t.close();
  });

  it('makes the page wait after the free failures, never the owner at the login form', async () => {
    const email = 'guessed.on.page@example.com';
    const { token } = await registerVerified(t.app, email, password);
    for (let i = 0; i < loginLockout.device.free; i += 1) {
      const res = await changeOn(
        t,
        token,
        { currentPassword: `guess number ${i}`, newPassword },
        `198.51.100.${i + 1}`,
      );
      expect(res.status).toBe(400);
    }
    // The session guessing waits, from any address...
    const again = await changeOn(
      t,
      token,
      { currentPassword: password, newPassword },
      '192.0.2.78',
    );
    expect(again.status).toBe(429);
    // ...while the owner signs in at once: a stolen session cannot lock them out.
    const signIn = await call(t.app, 'POST', '/api/user/login', {
      body: { email, password },
      remoteAddress: '192.0.2.77',
    });
    expect(signIn.status).toBe(200);
  });
});
