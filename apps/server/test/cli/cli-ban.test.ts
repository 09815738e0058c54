import { cliBanMessages, cliMessages } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, registerVerified, relaxedLimiter, sqlCount } from '../support/accounts.js';
import { cli } from '../support/cli.js';
import { signedInWithRole } from '../support/moderation.js';
import { as } from '../support/moderation-fixtures.js';
import { call, createTestApp, type TestApp } from '../support/test-app.js';

const password = 'a long enough passphrase';

describe('the operator bans and unbans at the command line', () => {
  let t: TestApp;
  let jade: { token: string; userId: string };

  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    jade = await registerVerified(t.app, 'jade@example.com', password);
  });
  afterAll(async () => {
    await t.close();
  });

  it('bans: sessions end, login is refused, the entry names the operator and the reason', async () => {
    const banned = await cli(t, ['ban', '--email', 'Jade@Example.com', '--reason', 'fraud report']);
    expect(banned).toMatchObject({ code: 0, out: [cliBanMessages.banned('jade@example.com')] });
    expect((await call(t.app, 'GET', '/api/posts', as(jade.token))).status).toBe(401);
    expect((await login(t.app, 'jade@example.com', password)).status).toBe(403);
    const { rows } = await t.database.pool.query(
      `SELECT actor_id, actor_email, action, reason FROM audit_log WHERE target_id = $1`,
      [jade.userId],
    );
    expect(rows).toEqual([
      { actor_id: null, actor_email: 'cli:ops', action: 'user.ban', reason: 'fraud report' },
    ]);
  });

  it('says a second ban changed nothing, and writes no second entry', async () => {
    const again = await cli(t, ['ban', '--email', 'jade@example.com', '--reason', 'again']);
    expect(again).toMatchObject({
      code: 0,
      out: [cliBanMessages.alreadyBanned('jade@example.com')],
    });
    expect(await sqlCount(t, "SELECT count(*) AS n FROM audit_log WHERE action = 'user.ban'")).toBe(
      1,
    );
  });

  it('unbans with a reason; the user signs in again', async () => {
    const lifted = await cli(t, ['unban', '--email', 'jade@example.com', '--reason', 'appeal won']);
    expect(lifted).toMatchObject({ code: 0, out: [cliBanMessages.unbanned('jade@example.com')] });
    expect((await login(t.app, 'jade@example.com', password)).status).toBe(200);
    const { rows } = await t.database.pool.query(
      `SELECT actor_email, reason FROM audit_log WHERE action = 'user.unban'`,
    );
    expect(rows).toEqual([{ actor_email: 'cli:ops', reason: 'appeal won' }]);
  });

  it('can ban a staff account, which the console leaves to admins', async () => {
    await signedInWithRole(t, 'mod@example.com', 'moderator', password);
    const banned = await cli(t, ['ban', '--email', 'mod@example.com', '--reason', 'account taken']);
    expect(banned.code).toBe(0);
    expect((await login(t.app, 'mod@example.com', password)).status).toBe(403);
  });

  it('refuses an unknown account with one line and exit 1, changing nothing', async () => {
    const before = await sqlCount(t, 'SELECT count(*) AS n FROM audit_log');
    const refused = await cli(t, ['ban', '--email', 'nobody@example.com', '--reason', 'spam']);
    expect(refused).toMatchObject({
      code: 1,
      out: [],
      err: [cliMessages.refused(cliBanMessages.noSuchAccount('nobody@example.com'))],
    });
    expect(await sqlCount(t, 'SELECT count(*) AS n FROM audit_log')).toBe(before);
  });

  it('answers bad usage with exit 2 and the help hint, before opening anything', async () => {
    const noReason = await cli(t, ['ban', '--email', 'jade@example.com']);
    expect(noReason.code).toBe(2);
    expect(noReason.err).toEqual([
      cliMessages.optionProblem('reason', cliMessages.reasonRequired),
      cliMessages.commandHelpHint('ban'),
    ]);
    const badEmail = await cli(t, ['ban', '--email', 'not-an-email', '--reason', 'spam']);
    expect(badEmail.code).toBe(2);
    expect(badEmail.err[0]).toMatch(/^--email: /);
    const unknown = await cli(t, ['ban', '--emial', 'jade@example.com']);
    expect(unknown).toMatchObject({
      code: 2,
      err: [cliMessages.unknownOption('--emial'), cliMessages.commandHelpHint('ban')],
    });
    const positional = await cli(t, ['unban', 'jade@example.com']);
    expect(positional.code).toBe(2);
  });
});
