import { accountMessages, limits, sayIn, sayAllIn } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, registerVerified, relaxedLimiter, sqlCount } from './support/accounts.js';
import { readOutbox } from './support/outbox.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

const password = 'the owner passphrase';
const as = (token: string) => ({ headers: { session: token } });
const text = sayAllIn('en', accountMessages.email);

describe('change email on the account page: POST /api/account/email and /confirm (issue 27)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
  });
  afterAll(async () => {
    await t.close();
  });

  const ask = (token: string, body: unknown) =>
    call(t.app, 'POST', '/api/account/email', { body, ...as(token) });
  const confirm = (token: string, code: string) =>
    call(t.app, 'POST', '/api/account/email/confirm', { body: { code }, ...as(token) });
  const emailOf = async (token: string) =>
    ((await call(t.app, 'GET', '/api/user/status', as(token))).json as { email: string }).email;
  /** The code of the newest change mail to `to`, or null when it holds none. */
  async function mailedCode(to: string): Promise<string | null> {
    const [mail] = await readOutbox(t.app, to);
    return mail?.text.match(/\b(\d{6})\b/)?.[1] ?? null;
  }

  it('keeps the old email until the mailed code confirms the new one; both addresses are told', async () => {
    const oldEmail = 'moving.from@example.com';
    const newEmail = 'moving.to@example.com';
    const { token } = await registerVerified(t.app, oldEmail, password);
    const before = (await readOutbox(t.app, oldEmail)).length;

    const res = await ask(token, { password, email: newEmail });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true });
    // Read before signing in: a sign-in from a new device is mailed too.
    const requested = await readOutbox(t.app, oldEmail);
    expect(requested.length).toBe(before + 1);
    expect(requested[0]?.subject).toContain(
      sayIn('en', accountMessages.mail.emailChangeRequested.subject),
    );
    expect(requested[0]?.text).toContain(newEmail);
    // Nothing changed yet: the old email is the account's and signs in.
    expect(await emailOf(token)).toBe(oldEmail);
    expect((await login(t.app, oldEmail, password)).status).toBe(200);
    expect((await login(t.app, newEmail, password)).status).toBe(401);
    // The code goes to the new address only.
    const code = await mailedCode(newEmail);
    expect(code).toMatch(/^\d{6}$/);
    expect(requested[0]?.text).not.toContain(code);

    const done = await confirm(token, code ?? '');
    expect(done.status).toBe(200);
    expect(done.json).toEqual({ success: true, email: newEmail });
    expect(await emailOf(token)).toBe(newEmail);
    expect((await login(t.app, newEmail, password)).status).toBe(200);
    expect((await login(t.app, oldEmail, password)).status).toBe(401);
    const told = await readOutbox(t.app, oldEmail);
    expect(told[0]?.subject).toContain(sayIn('en', accountMessages.mail.emailChanged.subject));
    expect(told[0]?.text).toContain(newEmail);
    // The code worked once.
    expect((await confirm(token, code ?? '')).status).toBe(400);
  });

  it('refuses a wrong password under its field: no change waits, nothing is mailed', async () => {
    const email = 'wrong.password.email@example.com';
    const newEmail = 'never.mailed@example.com';
    const { token, userId } = await registerVerified(t.app, email, password);
    const before = (await readOutbox(t.app, email)).length;
    const res = await ask(token, { password: 'not the password', email: newEmail });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ fields: { password: text.passwordWrong } });
    expect(await readOutbox(t.app, newEmail)).toEqual([]);
    expect((await readOutbox(t.app, email)).length).toBe(before);
    expect(
      await sqlCount(t, 'SELECT count(*) AS n FROM email_changes WHERE user_id = $1', [userId]),
    ).toBe(0);
  });

  it("refuses the account's own email (any case) and a malformed one", async () => {
    const email = 'same.address@example.com';
    const { token } = await registerVerified(t.app, email, password);
    const same = await ask(token, { password, email: ' Same.Address@Example.com ' });
    expect(same.status).toBe(400);
    expect(same.json).toMatchObject({ fields: { email: text.same } });
    const bad = await ask(token, { password, email: 'not an email' });
    expect(bad.status).toBe(400);
    expect(Object.keys((bad.json as { fields: object }).fields)).toEqual(['email']);
  });

  it('answers an address another account uses exactly like a free one; it never gets a code', async () => {
    const taken = 'already.taken@example.com';
    const other = await registerVerified(t.app, taken, password);
    const a = await registerVerified(t.app, 'asks.for.taken@example.com', password);
    const b = await registerVerified(t.app, 'asks.for.free@example.com', password);

    const toTaken = await ask(a.token, { password, email: taken });
    const toFree = await ask(b.token, { password, email: 'really.free@example.com' });
    expect(toTaken.status).toBe(toFree.status);
    expect(toTaken.text).toBe(toFree.text);
    // Both callers' old addresses are told the same.
    const [toldA] = await readOutbox(t.app, 'asks.for.taken@example.com');
    const [toldB] = await readOutbox(t.app, 'asks.for.free@example.com');
    expect(toldA?.subject).toBe(toldB?.subject);

    // The taken address's owner hears of it, with no code; the change cannot complete.
    const [notice] = await readOutbox(t.app, taken);
    expect(notice?.subject).toContain(sayIn('en', accountMessages.mail.emailChangeTaken.subject));
    expect(await mailedCode(taken)).toBeNull();
    for (const guess of ['000000', '123456']) {
      expect((await confirm(a.token, guess)).json).toMatchObject({ error: text.codeWrong });
    }
    expect(await emailOf(a.token)).toBe('asks.for.taken@example.com');
    expect(await emailOf(other.token)).toBe(taken);
  });

  it(`counts wrong codes: after ${limits.verificationCodeMaxAttempts} even the right one fails`, async () => {
    const { token } = await registerVerified(t.app, 'wrong.codes@example.com', password);
    await ask(token, { password, email: 'wrong.codes.new@example.com' });
    const code = (await mailedCode('wrong.codes.new@example.com')) ?? '';
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < limits.verificationCodeMaxAttempts; i += 1) {
      const res = await confirm(token, wrong);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ fields: { code: text.codeWrong } });
    }
    expect((await confirm(token, code)).status).toBe(400);
    expect(await emailOf(token)).toBe('wrong.codes@example.com');
  });

  it('refuses an expired code, and a code replaced by a newer request', async () => {
    const { token, userId } = await registerVerified(t.app, 'slow.mover@example.com', password);
    await ask(token, { password, email: 'slow.first@example.com' });
    const first = (await mailedCode('slow.first@example.com')) ?? '';
    await ask(token, { password, email: 'slow.second@example.com' });
    expect((await confirm(token, first)).status).toBe(400);
    const second = (await mailedCode('slow.second@example.com')) ?? '';
    await t.database.pool.query(
      `UPDATE email_changes SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [userId],
    );
    expect((await confirm(token, second)).json).toMatchObject({ error: text.codeWrong });
    expect(await emailOf(token)).toBe('slow.mover@example.com');
  });

  it('refuses, once the code is right, an address another account took meanwhile', async () => {
    const { token } = await registerVerified(t.app, 'beaten.to.it@example.com', password);
    const wanted = 'wanted.address@example.com';
    await ask(token, { password, email: wanted });
    const code = (await mailedCode(wanted)) ?? '';
    await registerVerified(t.app, wanted, 'someone else passphrase');
    const res = await confirm(token, code);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: text.taken });
    expect(await emailOf(token)).toBe('beaten.to.it@example.com');
  });

  it('asks for a session (401) and a 6-digit code (400)', async () => {
    const anonymous = await call(t.app, 'POST', '/api/account/email', {
      body: { password, email: 'x@example.com' },
    });
    expect(anonymous.status).toBe(401);
    const { token } = await registerVerified(t.app, 'bad.code@example.com', password);
    const res = await confirm(token, '12ab');
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ fields: { code: text.codeWrong } });
  });
});
