import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode, latestResetLink } from './support/outbox.js';
import { call, createTestApp, makeWebDist, type TestApp } from './support/test-app.js';

describe('the request log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ webDist: await makeWebDist() });
  });
  afterAll(async () => {
    await t.close();
  });

  it('never holds a password, code, session token or reset token, and names each request', async () => {
    const email = 'private.person@example.com';
    const password = 'my very secret passphrase';
    const newPassword = 'my other secret passphrase';

    await call(t.app, 'POST', '/api/user/register', { body: { email, password } });
    const code = await latestCode(t.app, email);
    // A wrong guess is logged as a refusal; it must not carry the body either.
    await call(t.app, 'POST', '/api/user/verifyemail', { body: { email, code: '000000' } });
    const verified = await call(t.app, 'POST', '/api/user/verifyemail', {
      body: { email, code },
    });
    const verifyToken = (verified.json as { user: { token: string } }).user.token;

    const loggedIn = await call(t.app, 'POST', '/api/user/login', { body: { email, password } });
    const sessionToken = (loggedIn.json as { data: { token: string } }).data.token;
    await call(t.app, 'GET', '/api/user/status', { headers: { session: sessionToken } });
    await call(t.app, 'GET', '/api/posts', { headers: { session: sessionToken } });

    await call(t.app, 'POST', '/api/user/resetpassword', { body: { email } });
    const link = await latestResetLink(t.app, email);
    const resetToken = link.searchParams.get('edit') ?? '';
    // The browser opens the emailed link: the page request carries the token in its URL.
    const page = await call(t.app, 'GET', `${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    const changed = await call(t.app, 'POST', '/api/user/changepassword', {
      body: { email, password: newPassword, token: resetToken },
    });
    expect(changed.json).toEqual({ success: true });
    await call(t.app, 'POST', '/api/user/login', { body: { email, password: newPassword } });
    await call(t.app, 'POST', '/api/user/logout', { headers: { session: sessionToken } });

    const log = t.logText();
    expect(log.length).toBeGreaterThan(0);
    for (const secret of [password, newPassword, code, verifyToken, sessionToken, resetToken]) {
      expect(secret.length).toBeGreaterThan(5);
      expect(log).not.toContain(secret);
      expect(log).not.toContain(encodeURIComponent(secret));
    }

    const lines = log
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.length).toBeGreaterThan(10);
    expect(log).toContain('"reqId"');
    const requestLines = lines.filter((line) => line.req !== undefined);
    expect(requestLines.length).toBeGreaterThan(0);
    for (const line of requestLines) expect(typeof line.reqId).toBe('string');
    // The page request is still recognisable in the log, minus its token.
    expect(log).toContain('/resetpassword?');
  });
});
