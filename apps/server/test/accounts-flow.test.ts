import { catalogueAreas, messagesOf } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode, latestResetLink, readOutbox } from './support/outbox.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

const answersEn = messagesOf(catalogueAreas.answers, 'en');

describe('an advertiser from registration to a new password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const email = 'Jane.Doe@Example.com';
  const password = 'a long enough passphrase';

  it('registers, verifies with the mailed code, and is signed in', async () => {
    const reg = await call(t.app, 'POST', '/api/user/register', { body: { email, password } });
    expect(reg.status).toBe(200);
    expect(reg.json).toEqual({ success: true });

    const [mail] = await readOutbox(t.app, email);
    expect(mail?.channel).toBe('email');
    expect(mail?.subject).toContain('Adboard Local');
    const code = await latestCode(t.app, email);

    const verified = await call(t.app, 'POST', '/api/user/verifyemail', { body: { email, code } });
    expect(verified.status).toBe(200);
    const body = verified.json as { success: boolean; user: { token: string; user_id: string } };
    expect(body.success).toBe(true);
    expect(body.user.token.length).toBeGreaterThan(30);

    const status = await call(t.app, 'GET', '/api/user/status', {
      headers: { session: body.user.token },
    });
    expect(status.json).toMatchObject({ ok: true, email, userId: body.user.user_id });

    const ads = await call(t.app, 'GET', '/api/posts', { headers: { session: body.user.token } });
    expect(ads.status).toBe(200);
    expect(ads.json).toEqual([]);
  });

  it('logs out on the server: the session stops working', async () => {
    const login = await call(t.app, 'POST', '/api/user/login', { body: { email, password } });
    const token = (login.json as { data: { token: string } }).data.token;
    await call(t.app, 'POST', '/api/user/logout', { headers: { session: token } });
    const status = await call(t.app, 'GET', '/api/user/status', { headers: { session: token } });
    expect(status.json).toEqual({ ok: false });
    const ads = await call(t.app, 'GET', '/api/posts', { headers: { session: token } });
    expect(ads.status).toBe(401);
  });

  it('resets the password with the emailed link, once, and ends every session', async () => {
    const login = await call(t.app, 'POST', '/api/user/login', { body: { email, password } });
    const oldToken = (login.json as { data: { token: string } }).data.token;

    const reset = await call(t.app, 'POST', '/api/user/resetpassword', { body: { email } });
    expect(reset.json).toEqual({ success: true });
    const link = await latestResetLink(t.app, email);
    expect(link.pathname).toBe('/resetpassword');
    const edit = link.searchParams.get('edit') ?? '';

    const newPassword = 'another long passphrase';
    const changed = await call(t.app, 'POST', '/api/user/changepassword', {
      body: { email: link.searchParams.get('email'), password: newPassword, token: edit },
    });
    expect(changed.json).toEqual({ success: true });

    const again = await call(t.app, 'POST', '/api/user/changepassword', {
      body: { email, password: 'yet another passphrase', token: edit },
    });
    expect(again.status).toBe(410);
    expect(again.json).toMatchObject({ success: false, error: answersEn.auth.resetLinkGone });

    const status = await call(t.app, 'GET', '/api/user/status', { headers: { session: oldToken } });
    expect(status.json).toEqual({ ok: false });

    const oldLogin = await call(t.app, 'POST', '/api/user/login', { body: { email, password } });
    expect(oldLogin.status).toBe(401);
    expect(oldLogin.json).toMatchObject({ error: answersEn.auth.invalidCredentials });
    const newLogin = await call(t.app, 'POST', '/api/user/login', {
      body: { email, password: newPassword },
    });
    expect(newLogin.status).toBe(200);
  });
});
