import { accountMessages, sayAllIn, secondStepMessages } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, relaxedLimiter, sqlCount } from './support/accounts.js';
import { signedInWithRole } from './support/moderation.js';
import { latestResetLink, readOutbox } from './support/outbox.js';
import { codeFor, passwordStep, secondStep } from './support/second-factors.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

const password = 'a long enough passphrase';
const twoStep = sayAllIn('en', accountMessages.twoStep);
const notice = sayAllIn('en', accountMessages.securityNotice);
const signInStep = sayAllIn('en', secondStepMessages.twoStep);

interface Enrolled {
  token: string;
  userId: string;
  secret: string;
  recoveryCodes: string[];
}

describe('second factors: set-up, the sign-in second step, re-authentication (issue 27)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
  });
  afterAll(async () => {
    await t.close();
  });

  const as = (token: string) => ({ session: token });

  async function start(token: string) {
    const res = await call(t.app, 'POST', '/api/account/second-factors/totp', {
      headers: as(token),
    });
    expect(res.status).toBe(200);
    return res.json as { setupId: string; secret: string; uri: string };
  }

  /** A fresh verified account with an authenticator app turned on (its code of now used). */
  async function enrolled(email: string): Promise<Enrolled> {
    const { token, userId } = await registerVerified(t.app, email, password);
    const { setupId, secret } = await start(token);
    const res = await call(t.app, 'POST', '/api/account/second-factors/totp/confirm', {
      headers: as(token),
      body: { setupId, name: 'My phone', newCode: codeFor(secret), password },
    });
    expect(res.status).toBe(200);
    const { recoveryCodes } = res.json as { recoveryCodes: string[] };
    return { token, userId, secret, recoveryCodes };
  }

  /**
   * As though the minutes passed: the steps the factor accepted are forgotten, so a
   * test may use the code of now again (each step is otherwise taken once).
   */
  async function timePasses(userId: string) {
    await t.database.pool.query(
      'UPDATE second_factors SET last_used_step = NULL WHERE user_id = $1',
      [userId],
    );
  }

  const sessions = (userId: string) =>
    sqlCount(t, 'SELECT count(*) AS n FROM sessions WHERE user_id = $1 AND revoked_at IS NULL', [
      userId,
    ]);

  async function list(token: string) {
    const res = await call(t.app, 'GET', '/api/account/second-factors', { headers: as(token) });
    expect(res.status).toBe(200);
    return res.json as {
      required: boolean;
      factors: { id: string; name: string }[];
      recoveryCodesLeft: number;
    };
  }

  describe('adding an authenticator app', () => {
    it('answers a 160-bit key and its QR code URI, named by the brand, and is off until a first code', async () => {
      const { token } = await registerVerified(t.app, 'setup.start@example.com', password);
      const { secret, uri } = await start(token);
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(uri).toContain(`secret=${secret}`);
      expect(decodeURIComponent(uri)).toContain('Adboard Local:setup.start@example.com');
      expect((await list(token)).factors).toEqual([]);
      // Not confirmed: the password alone still signs in.
      const login = await call(t.app, 'POST', '/api/user/login', {
        body: { email: 'setup.start@example.com', password },
      });
      expect((login.json as { data?: unknown }).data).toBeDefined();
    });

    it('a stolen session alone cannot add one: the password or a current code is asked', async () => {
      const { token } = await registerVerified(t.app, 'setup.reauth@example.com', password);
      const { setupId, secret } = await start(token);
      const url = '/api/account/second-factors/totp/confirm';
      const body = { setupId, name: 'Phone', newCode: codeFor(secret) };
      const none = await call(t.app, 'POST', url, { headers: as(token), body });
      expect(none.status).toBe(400);
      expect((none.json as { fields: Record<string, string> }).fields.password).toBe(
        twoStep.reauthRequired,
      );
      const wrong = await call(t.app, 'POST', url, {
        headers: as(token),
        body: { ...body, password: 'not the password' },
      });
      expect(wrong.status).toBe(400);
      expect((wrong.json as { error: string }).error).toBe(twoStep.reauthFailed);
      const badCode = await call(t.app, 'POST', url, {
        headers: as(token),
        body: {
          ...body,
          newCode: String((Number(body.newCode) + 1) % 1e6).padStart(6, '0'),
          password,
        },
      });
      expect(badCode.status).toBe(400);
      expect((badCode.json as { error: string }).error).toBe(twoStep.setupCodeFailed);
      expect((await list(token)).factors).toEqual([]);
    });

    it('turns on with its first code: ten recovery codes shown once, the account mailed', async () => {
      const email = 'setup.done@example.com';
      const { token, recoveryCodes } = await enrolled(email);
      expect(recoveryCodes).toHaveLength(10);
      expect(new Set(recoveryCodes).size).toBe(10);
      const listed = await list(token);
      expect(listed.factors.map((f) => f.name)).toEqual(['My phone']);
      expect(listed.recoveryCodesLeft).toBe(10);
      const [mail] = await readOutbox(t.app, email);
      expect(mail?.subject).toBe(`${notice.subject} · Adboard Local`);
      expect(mail?.text).toContain(notice.kinds.factor_added);
      expect(mail?.text).toContain('My phone');
      // Stored hashed: no code and no secret in the database as text.
      const { rows } = await t.database.pool.query<{ dump: string }>(
        `SELECT (SELECT string_agg(code_hash, ' ') FROM recovery_codes) || ' ' ||
                (SELECT string_agg(secret_sealed, ' ') FROM second_factors) AS dump`,
      );
      for (const code of recoveryCodes)
        expect(rows[0]?.dump).not.toContain(code.replaceAll('-', ''));
    });
  });

  describe('signing in', () => {
    it('the password alone opens nothing: a challenge, no session, no API call works', async () => {
      const email = 'signin.password@example.com';
      const { userId } = await enrolled(email);
      const before = await sessions(userId);
      const res = await call(t.app, 'POST', '/api/user/login', { body: { email, password } });
      expect(res.status).toBe(200);
      const answer = res.json as { challenge?: string; data?: unknown };
      expect(answer.data).toBeUndefined();
      expect(answer.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(await sessions(userId)).toBe(before);
      const challenge = answer.challenge ?? '';
      expect(
        (await call(t.app, 'GET', '/api/user/status', { headers: as(challenge) })).json,
      ).toEqual({ ok: false });
      expect(
        (await call(t.app, 'GET', '/api/account/sessions', { headers: as(challenge) })).status,
      ).toBe(401);
      expect((await call(t.app, 'GET', '/api/posts', { headers: as(challenge) })).status).toBe(401);
    });

    it('a right code opens the session and sets the device cookie; the challenge then works no more', async () => {
      const email = 'signin.code@example.com';
      const { secret, userId } = await enrolled(email);
      const challenge = await passwordStep(t.app, email, password);
      const right = codeFor(secret, 1);
      const wrong = await secondStep(t.app, {
        challenge,
        code: String((Number(right) + 1) % 1e6).padStart(6, '0'),
      });
      expect(wrong.status).toBe(401);
      expect((wrong.json as { error: string }).error).toBe(signInStep.codeFailed);
      const done = await secondStep(t.app, { challenge, code: right });
      expect(done.status).toBe(200);
      const token = (done.json as { data: { token: string } }).data.token;
      expect(
        (await call(t.app, 'GET', '/api/user/status', { headers: as(token) })).json,
      ).toMatchObject({ ok: true, userId });
      expect(String(done.headers['set-cookie'])).toMatch(/^device=/);
      await timePasses(userId);
      const again = await secondStep(t.app, { challenge, code: codeFor(secret) });
      expect(again.status).toBe(410);
      expect((again.json as { error: string }).error).toBe(signInStep.challengeGone);
    });

    it('takes each code once: the same code in a second sign-in is refused', async () => {
      const email = 'signin.replay@example.com';
      const { secret } = await enrolled(email);
      const code = codeFor(secret, 1);
      const first = await secondStep(t.app, {
        challenge: await passwordStep(t.app, email, password),
        code,
      });
      expect(first.status).toBe(200);
      const replay = await secondStep(t.app, {
        challenge: await passwordStep(t.app, email, password),
        code,
      });
      expect(replay.status).toBe(401);
    });

    it('a challenge allows five wrong codes, then is gone even for the right one', async () => {
      const email = 'signin.attempts@example.com';
      const { secret } = await enrolled(email);
      const challenge = await passwordStep(t.app, email, password);
      const right = codeFor(secret, 1);
      const wrong = String((Number(right) + 7) % 1e6).padStart(6, '0');
      for (let i = 0; i < 5; i += 1) {
        expect((await secondStep(t.app, { challenge, code: wrong })).status).toBe(401);
      }
      expect((await secondStep(t.app, { challenge, code: right })).status).toBe(410);
    });

    it('a recovery code signs in once, and the account is mailed', async () => {
      const email = 'signin.recovery@example.com';
      const { recoveryCodes, token } = await enrolled(email);
      const code = recoveryCodes[3] ?? '';
      const used = await secondStep(t.app, {
        challenge: await passwordStep(t.app, email, password),
        code: code.toUpperCase(),
      });
      expect(used.status).toBe(200);
      const again = await secondStep(t.app, {
        challenge: await passwordStep(t.app, email, password),
        code,
      });
      expect(again.status).toBe(401);
      expect((await list(token)).recoveryCodesLeft).toBe(9);
      const mails = await readOutbox(t.app, email);
      expect(mails.some((m) => m.text.includes(notice.kinds.recovery_code_used))).toBe(true);
    });

    it('"remember this device" skips the second step on that browser only, for 30 days', async () => {
      const email = 'signin.remember@example.com';
      const { secret } = await enrolled(email);
      const res = await secondStep(t.app, {
        challenge: await passwordStep(t.app, email, password),
        code: codeFor(secret, 1),
        remember: true,
      });
      expect(res.status).toBe(200);
      const cookie = String(res.headers['set-cookie']).split(';')[0] ?? '';
      const { rows } = await t.database.pool.query<{ days: number }>(
        `SELECT round(extract(epoch FROM expires_at - now()) / 86400) AS days FROM remembered_devices d
           JOIN users u ON u.id = d.user_id WHERE u.email = $1`,
        [email],
      );
      expect(Number(rows[0]?.days)).toBe(30);
      const remembered = await call(t.app, 'POST', '/api/user/login', {
        body: { email, password },
        headers: { cookie },
      });
      expect((remembered.json as { data?: unknown }).data).toBeDefined();
      // The cookie keeps the same device, so it stays remembered sign-in after sign-in.
      const next = String(remembered.headers['set-cookie']).split(';')[0] ?? '';
      const again = await call(t.app, 'POST', '/api/user/login', {
        body: { email, password },
        headers: { cookie: next },
      });
      expect((again.json as { data?: unknown }).data).toBeDefined();
      // Another browser still gets the second step.
      await passwordStep(t.app, email, password);
    });

    it('a password reset neither removes nor bypasses the second factor', async () => {
      const email = 'signin.reset@example.com';
      const { secret } = await enrolled(email);
      // This browser was remembered before the reset.
      const res = await secondStep(t.app, {
        challenge: await passwordStep(t.app, email, password),
        code: codeFor(secret, 1),
        remember: true,
      });
      const cookie = String(res.headers['set-cookie']).split(';')[0] ?? '';
      await call(t.app, 'POST', '/api/user/resetpassword', { body: { email } });
      const link = await latestResetLink(t.app, email);
      const newPassword = 'a brand new passphrase';
      const changed = await call(t.app, 'POST', '/api/user/changepassword', {
        body: { email, password: newPassword, token: link.searchParams.get('edit') },
        headers: { cookie },
      });
      expect(changed.status).toBe(200);
      const afterReset = String(changed.headers['set-cookie']).split(';')[0] ?? '';
      await passwordStep(t.app, email, newPassword, { cookie: afterReset });
      await passwordStep(t.app, email, newPassword, { cookie });
    });

    it("a sign-in from a new device is mailed, in the account's own brand", async () => {
      const email = 'signin.newdevice@example.com';
      await registerVerified(t.app, email, password);
      const res = await call(t.app, 'POST', '/api/user/login', {
        body: { email, password },
        headers: {
          'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0',
        },
      });
      expect(res.status).toBe(200);
      const [mail] = await readOutbox(t.app, email);
      expect(mail?.text).toContain(notice.kinds.new_device);
      expect(mail?.text).toContain('Firefox on Linux');
      expect(mail?.text).toContain('Adboard Local');
      // The browser holding the account's device cookie is no new device.
      const cookie = String(res.headers['set-cookie']).split(';')[0] ?? '';
      const count = (await readOutbox(t.app, email)).length;
      await call(t.app, 'POST', '/api/user/login', {
        body: { email, password },
        headers: { cookie },
      });
      expect((await readOutbox(t.app, email)).length).toBe(count);
    });
  });

  describe('changing the factors asks for the password or a current code again', () => {
    it('renames with a current code; a wrong password changes nothing', async () => {
      const { token, secret, userId } = await enrolled('change.rename@example.com');
      const [factor] = (await list(token)).factors;
      const url = `/api/account/second-factors/${factor?.id}/rename`;
      const wrong = await call(t.app, 'POST', url, {
        headers: as(token),
        body: { name: 'Tablet', password: 'wrong one' },
      });
      expect(wrong.status).toBe(400);
      await timePasses(userId);
      const right = await call(t.app, 'POST', url, {
        headers: as(token),
        body: { name: 'Tablet', code: codeFor(secret) },
      });
      expect(right.status).toBe(200);
      expect((await list(token)).factors.map((f) => f.name)).toEqual(['Tablet']);
    });

    it('removes with the password: sign-in is one step again, the recovery codes gone, the account mailed', async () => {
      const email = 'change.remove@example.com';
      const { token, recoveryCodes } = await enrolled(email);
      const [factor] = (await list(token)).factors;
      const url = `/api/account/second-factors/${factor?.id}/remove`;
      expect((await call(t.app, 'POST', url, { headers: as(token), body: {} })).status).toBe(400);
      const res = await call(t.app, 'POST', url, { headers: as(token), body: { password } });
      expect(res.status).toBe(200);
      expect(await list(token)).toMatchObject({ factors: [], recoveryCodesLeft: 0 });
      const login = await call(t.app, 'POST', '/api/user/login', { body: { email, password } });
      expect((login.json as { data?: unknown }).data).toBeDefined();
      expect(recoveryCodes).toHaveLength(10);
      const mails = await readOutbox(t.app, email);
      expect(mails.some((m) => m.text.includes(notice.kinds.factor_removed))).toBe(true);
      // Someone else's factor id is not found.
      const other = await enrolled('change.remove.other@example.com');
      const [theirs] = (await list(other.token)).factors;
      const foreign = await call(
        t.app,
        'POST',
        `/api/account/second-factors/${theirs?.id}/remove`,
        {
          headers: as(token),
          body: { password },
        },
      );
      expect(foreign.status).toBe(404);
      expect((await list(other.token)).factors).toHaveLength(1);
    });

    it('new recovery codes end the old set', async () => {
      const email = 'change.regenerate@example.com';
      const { token, recoveryCodes } = await enrolled(email);
      const res = await call(t.app, 'POST', '/api/account/recovery-codes', {
        headers: as(token),
        body: { password },
      });
      expect(res.status).toBe(200);
      const fresh = (res.json as { recoveryCodes: string[] }).recoveryCodes;
      expect(fresh).toHaveLength(10);
      expect(fresh.some((c) => recoveryCodes.includes(c))).toBe(false);
      const old = await secondStep(t.app, {
        challenge: await passwordStep(t.app, email, password),
        code: recoveryCodes[0] ?? '',
      });
      expect(old.status).toBe(401);
      const used = await secondStep(t.app, {
        challenge: await passwordStep(t.app, email, password),
        code: fresh[0] ?? '',
      });
      expect(used.status).toBe(200);
      const mails = await readOutbox(t.app, email);
      expect(mails.some((m) => m.text.includes(notice.kinds.recovery_codes_regenerated))).toBe(
        true,
      );
    });
  });

  describe("the console's door", () => {
    it('a moderator without a second factor gets 403 with the flag on every console call, then gets in', async () => {
      const email = 'door.moderator@example.com';
      const mod = await signedInWithRole(t, email, 'moderator', password, { secondFactor: false });
      const held = await call(t.app, 'GET', '/api/admin/dashboard', { headers: as(mod.token) });
      expect(held.status).toBe(403);
      expect(held.json).toMatchObject({ error: twoStep.staffDoor, secondFactorRequired: true });
      expect(
        (await call(t.app, 'GET', '/api/admin/queue', { headers: as(mod.token) })).status,
      ).toBe(403);
      expect((await list(mod.token)).required).toBe(true);
      const { setupId, secret } = await start(mod.token);
      await call(t.app, 'POST', '/api/account/second-factors/totp/confirm', {
        headers: as(mod.token),
        body: { setupId, name: 'Phone', newCode: codeFor(secret), password },
      });
      expect(
        (await call(t.app, 'GET', '/api/admin/dashboard', { headers: as(mod.token) })).status,
      ).toBe(200);
      // Staff cannot remove their last factor.
      const [factor] = (await list(mod.token)).factors;
      const remove = await call(t.app, 'POST', `/api/account/second-factors/${factor?.id}/remove`, {
        headers: as(mod.token),
        body: { password },
      });
      expect(remove.status).toBe(400);
      expect((remove.json as { error: string }).error).toBe(twoStep.required);
      expect((await list(mod.token)).factors).toHaveLength(1);
      // An advertiser still hears that moderators only may.
      const { token } = await registerVerified(t.app, 'door.advertiser@example.com', password);
      const advertiser = await call(t.app, 'GET', '/api/admin/dashboard', { headers: as(token) });
      expect((advertiser.json as { error: string }).error).not.toBe(twoStep.staffDoor);
    });
  });

  it('never writes a secret, a code or a challenge to the log', async () => {
    const email = 'logs.secret@example.com';
    const { secret, recoveryCodes } = await enrolled(email);
    const challenge = await passwordStep(t.app, email, password);
    await secondStep(t.app, { challenge, code: recoveryCodes[0] ?? '' });
    const log = t.logText();
    expect(log).not.toContain(secret);
    expect(log).not.toContain(challenge);
    for (const code of recoveryCodes) expect(log).not.toContain(code);
    expect(log).not.toContain(password);
  });
});
