import { accountMessages, cliSecondFactorMessages as m, sayIn } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, registerVerified, relaxedLimiter } from './support/accounts.js';
import { cli } from './support/cli.js';
import { as } from './support/moderation-fixtures.js';
import { signedInWithRole } from './support/moderation.js';
import { readOutbox } from './support/outbox.js';
import { addAuthenticator, passwordStep } from './support/second-factors.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

const password = 'a long enough passphrase';

/**
 * Issue 27: an owner who lost every factor (the app and the recovery codes) is let back
 * in by an operator, at the command line or by an admin in the console: every factor
 * goes, the owner is mailed, the audit log names who and why.
 */
describe('the operator resets a lost second factor', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
  });
  afterAll(async () => {
    await t.close();
  });

  const factorsOf = async (userId: string) =>
    Number(
      (
        await t.database.pool.query<{ n: string }>(
          `SELECT (SELECT count(*) FROM second_factors WHERE user_id = $1)
                + (SELECT count(*) FROM recovery_codes WHERE user_id = $1)
                + (SELECT count(*) FROM remembered_devices WHERE user_id = $1) AS n`,
          [userId],
        )
      ).rows[0]?.n,
    );

  it('at the command line: the password alone signs in again, the owner is mailed, the entry names the reason', async () => {
    const email = 'lost.phone@example.com';
    const { userId } = await registerVerified(t.app, email, password);
    await addAuthenticator(t, userId);
    await t.database.pool.query(
      "INSERT INTO recovery_codes (user_id, code_hash) VALUES ($1, 'x'), ($1, 'y')",
      [userId],
    );
    await passwordStep(t.app, email, password);

    const reset = await cli(t, [
      'reset-second-factors',
      '--email',
      'Lost.Phone@Example.com',
      '--reason',
      'identity checked by video call',
    ]);
    expect(reset).toMatchObject({ code: 0, out: [m.reset(email, 1)], err: [] });
    expect(await factorsOf(userId)).toBe(0);
    const signedIn = await login(t.app, email, password);
    expect((signedIn.json as { data?: unknown }).data).toBeDefined();
    const mails = await readOutbox(t.app, email);
    const notice = mails.find((mail) =>
      mail.text.includes(sayIn('en', accountMessages.securityNotice.kinds.factors_reset)),
    );
    expect(notice?.subject).toContain('Adboard Local');
    const { rows } = await t.database.pool.query(
      `SELECT actor_email, action, before, after, reason FROM audit_log WHERE target_id = $1`,
      [userId],
    );
    expect(rows).toEqual([
      {
        actor_email: 'cli:ops',
        action: 'user.second_factors_reset',
        before: { email, secondFactors: 1 },
        after: { email, secondFactors: 0 },
        reason: 'identity checked by video call',
      },
    ]);

    const again = await cli(t, [
      'reset-second-factors',
      '--email',
      email,
      '--reason',
      'again, by mistake',
    ]);
    expect(again).toMatchObject({ code: 0, out: [m.nothingToReset(email)] });
    const unknown = await cli(t, [
      'reset-second-factors',
      '--email',
      'ghost@example.com',
      '--reason',
      'nobody',
    ]);
    expect(unknown.code).toBe(1);
  });

  it('in the console: admins only, never their own account', async () => {
    const email = 'console.reset@example.com';
    const owner = await registerVerified(t.app, email, password);
    await addAuthenticator(t, owner.userId);
    const moderator = await signedInWithRole(t, 'reset.moderator@example.com', 'moderator');
    const admin = await signedInWithRole(t, 'reset.admin@example.com', 'admin');
    const url = `/api/admin/users/${owner.userId}/second-factors/reset`;
    const body = { reason: 'lost the phone, identity checked' };

    const byModerator = await call(t.app, 'POST', url, { ...as(moderator.token), body });
    expect(byModerator.status).toBe(403);
    const ownReset = await call(
      t.app,
      'POST',
      `/api/admin/users/${admin.userId}/second-factors/reset`,
      {
        ...as(admin.token),
        body,
      },
    );
    expect(ownReset.status).toBe(403);
    expect(await factorsOf(owner.userId)).toBe(1);

    const byAdmin = await call(t.app, 'POST', url, { ...as(admin.token), body });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.json).toMatchObject({
      success: true,
      user: { userId: owner.userId, secondFactors: 0 },
    });
    expect(await factorsOf(owner.userId)).toBe(0);
    const { rows } = await t.database.pool.query(
      `SELECT actor_email, reason FROM audit_log WHERE target_id = $1 AND action = 'user.second_factors_reset'`,
      [owner.userId],
    );
    expect(rows).toEqual([{ actor_email: 'reset.admin@example.com', reason: body.reason }]);
  });
});
