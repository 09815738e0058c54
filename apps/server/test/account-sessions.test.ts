import { accountMessages, catalogueAreas, messagesOf, sayIn } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, relaxedLimiter, sqlCount } from './support/accounts.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

const answersEn = messagesOf(catalogueAreas.answers, 'en');

const password = 'a long enough passphrase';
const chromeOnWindows =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const safariOnIphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1';

interface Listed {
  id: string;
  device: string;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

describe('the account page: where one is signed in (issue 27)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
  });
  afterAll(async () => {
    await t.close();
  });

  async function signIn(email: string, userAgent: string): Promise<string> {
    const res = await call(t.app, 'POST', '/api/user/login', {
      body: { email, password },
      headers: { 'user-agent': userAgent },
    });
    expect(res.status).toBe(200);
    return (res.json as { data: { token: string } }).data.token;
  }
  const as = (token: string) => ({ headers: { session: token } });
  const status = async (token: string) =>
    (await call(t.app, 'GET', '/api/user/status', as(token))).json as { ok: boolean };
  async function list(token: string): Promise<Listed[]> {
    const res = await call(t.app, 'GET', '/api/account/sessions', as(token));
    expect(res.status).toBe(200);
    return (res.json as { sessions: Listed[] }).sessions;
  }
  /** A fresh account signed in twice, on a PC and on a phone. */
  async function twoDevices(email: string) {
    const registered = await registerVerified(t.app, email, password);
    // Registration's own session is ended so the two sign-ins are the account's only ones.
    await call(t.app, 'POST', '/api/user/logout', as(registered.token));
    const pc = await signIn(email, chromeOnWindows);
    const phone = await signIn(email, safariOnIphone);
    return { pc, phone, userId: registered.userId };
  }

  it("lists the account's email and live sessions with their devices, this one marked", async () => {
    const email = 'two.devices@example.com';
    const { pc } = await twoDevices(email);
    const res = await call(t.app, 'GET', '/api/account/sessions', as(pc));
    expect(res.json).toMatchObject({ success: true, email });
    const sessions = (res.json as { sessions: Listed[] }).sessions;
    expect(sessions.map((s) => [s.device, s.current]).sort()).toEqual([
      ['Chrome on Windows', true],
      ['Safari on iPhone', false],
    ]);
    for (const s of sessions) {
      expect(Date.parse(s.createdAt)).not.toBeNaN();
      expect(Date.parse(s.lastSeenAt)).not.toBeNaN();
    }
  });

  it('keeps the first 512 characters of the user agent; a session without one is an unknown device', async () => {
    const email = 'long.agent@example.com';
    const { userId } = await registerVerified(t.app, email, password);
    const token = await signIn(email, `${chromeOnWindows} ${'x'.repeat(2000)}`);
    const longest = await sqlCount(
      t,
      'SELECT max(char_length(user_agent)) AS n FROM sessions WHERE user_id = $1',
      [userId],
    );
    expect(longest).toBe(512);
    // As a session created before migration 0016: no user agent stored.
    await t.database.pool.query(
      "UPDATE sessions SET user_agent = NULL WHERE user_id = $1 AND user_agent NOT LIKE 'Mozilla%'",
      [userId],
    );
    expect((await list(token)).map((s) => s.device).sort()).toEqual([
      'Chrome on Windows',
      sayIn('en', accountMessages.device.unknown),
    ]);
  });

  it('ends another session: its token answers 401 at once, this one stays', async () => {
    const { pc, phone } = await twoDevices('end.one@example.com');
    const other = (await list(pc)).find((s) => !s.current);
    const res = await call(t.app, 'POST', `/api/account/sessions/${other?.id}/end`, as(pc));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true });

    const refused = await call(t.app, 'GET', '/api/account/sessions', as(phone));
    expect(refused.status).toBe(401);
    expect(refused.json).toEqual({ success: false, error: answersEn.auth.signInRequired });
    expect(await status(phone)).toEqual({ ok: false });
    expect((await list(pc)).map((s) => s.device)).toEqual(['Chrome on Windows']);
  });

  it("answers 404 for another account's session and leaves it alive", async () => {
    const mine = await twoDevices('mine@example.com');
    const theirs = await twoDevices('theirs@example.com');
    const theirSession = (await list(theirs.pc))[0];
    const res = await call(
      t.app,
      'POST',
      `/api/account/sessions/${theirSession?.id}/end`,
      as(mine.pc),
    );
    expect(res.status).toBe(404);
    expect(res.json).toEqual({
      success: false,
      error: sayIn('en', accountMessages.sessions.notFound),
    });
    expect(await status(theirs.pc)).toMatchObject({ ok: true });
    expect(await list(theirs.pc)).toHaveLength(2);
  });

  it('answers 404 for an ended session and a session id that does not exist', async () => {
    const { pc, phone } = await twoDevices('ended@example.com');
    const other = (await list(pc)).find((s) => !s.current);
    await call(t.app, 'POST', `/api/account/sessions/${other?.id}/end`, as(pc));
    const again = await call(t.app, 'POST', `/api/account/sessions/${other?.id}/end`, as(pc));
    expect(again.status).toBe(404);
    const unknown = await call(
      t.app,
      'POST',
      '/api/account/sessions/00000000-0000-4000-8000-000000000000/end',
      as(pc),
    );
    expect(unknown.status).toBe(404);
    const notAnId = await call(t.app, 'POST', '/api/account/sessions/nope/end', as(pc));
    expect(notAnId.status).toBe(400);
    expect(await status(phone)).toEqual({ ok: false });
  });

  it('ends the current session through /end too: a sign-out', async () => {
    const { pc, phone } = await twoDevices('end.self@example.com');
    const self = (await list(pc)).find((s) => s.current);
    const res = await call(t.app, 'POST', `/api/account/sessions/${self?.id}/end`, as(pc));
    expect(res.status).toBe(200);
    expect(await status(pc)).toEqual({ ok: false });
    expect(await status(phone)).toMatchObject({ ok: true });
  });

  it('ends every other session and keeps the current one', async () => {
    const email = 'end.others@example.com';
    const { pc, phone, userId } = await twoDevices(email);
    const third = await signIn(email, chromeOnWindows);
    const res = await call(t.app, 'POST', '/api/account/sessions/end-others', as(pc));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true });
    expect(await status(phone)).toEqual({ ok: false });
    expect(await status(third)).toEqual({ ok: false });
    expect(await status(pc)).toMatchObject({ ok: true });
    const live = await sqlCount(
      t,
      'SELECT count(*) AS n FROM sessions WHERE user_id = $1 AND revoked_at IS NULL',
      [userId],
    );
    expect(live).toBe(1);
  });

  it("leaves other accounts' sessions alone when ending the others", async () => {
    const mine = await twoDevices('others.mine@example.com');
    const theirs = await twoDevices('others.theirs@example.com');
    await call(t.app, 'POST', '/api/account/sessions/end-others', as(mine.pc));
    expect(await status(theirs.pc)).toMatchObject({ ok: true });
    expect(await status(theirs.phone)).toMatchObject({ ok: true });
  });

  it('answers 401 to a signed-out caller and changes nothing', async () => {
    const { pc } = await twoDevices('signed.out@example.com');
    const id = (await list(pc))[0]?.id;
    for (const [method, url] of [
      ['GET', '/api/account/sessions'],
      ['POST', `/api/account/sessions/${id}/end`],
      ['POST', '/api/account/sessions/end-others'],
    ] as const) {
      const res = await call(t.app, method, url);
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ success: false, error: answersEn.auth.signInRequired });
    }
    expect(await list(pc)).toHaveLength(2);
  });
});
