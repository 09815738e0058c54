import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode, latestResetLink } from './support/outbox.js';
import { call, createTestApp, makeWebDist, type TestApp } from './support/test-app.js';

describe('the request log', () => {
  let t: TestApp;
  beforeAll(async () => {
    const webDist = await makeWebDist();
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(path.join(webDist, 'assets', 'app-1a2b3c.js'), 'console.log(1);');
    t = await createTestApp({ webDist });
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

  /** The log's lines about one request, as JSON. */
  function linesOf(from: number, url: string): Record<string, unknown>[] {
    return t
      .logText()
      .slice(from)
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => JSON.stringify(line.req ?? {}).includes(url));
  }

  it('says one line per request that matters, with its answer and time (issue 24)', async () => {
    const from = t.logText().length;
    await call(t.app, 'GET', '/api/countries');
    const lines = linesOf(from, '/api/countries');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, req: { method: 'GET', url: '/api/countries' } });
    expect(lines[0]?.res).toEqual({ statusCode: 200 });
    expect(typeof lines[0]?.responseTime).toBe('number');
    expect(typeof lines[0]?.reqId).toBe('string');
  });

  it('says nothing of a static file at info, and one debug line at debug (issue 24)', async () => {
    const file = '/assets/app-1a2b3c.js';
    let from = t.logText().length;
    expect((await call(t.app, 'GET', file)).status).toBe(200);
    expect(linesOf(from, file)).toEqual([]);
    t.app.log.level = 'debug';
    try {
      from = t.logText().length;
      expect((await call(t.app, 'GET', file)).status).toBe(200);
      const lines = linesOf(from, file);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ level: 20, res: { statusCode: 200 } });
    } finally {
      t.app.log.level = 'info';
    }
  });
});
