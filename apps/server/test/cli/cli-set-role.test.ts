import { cliAccountMessages as m, cliMessages } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, relaxedLimiter, sqlCount } from '../support/accounts.js';
import { cli } from '../support/cli.js';
import { as } from '../support/moderation-fixtures.js';
import { addAuthenticator } from '../support/second-factors.js';
import { call, createTestApp, type TestApp } from '../support/test-app.js';

const password = 'a long enough passphrase';

describe('set-role: the operator changes an account role at the command line', () => {
  let t: TestApp;
  let sam: { token: string; userId: string };

  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    sam = await registerVerified(t.app, 'sam@example.com', password);
    // Staff need a second factor before the console opens (issue 27): Sam has one.
    await addAuthenticator(t, sam.userId);
  });
  afterAll(async () => {
    await t.close();
  });

  const queue = () => call(t.app, 'GET', '/api/admin/queue', as(sam.token));
  const audit = () => call(t.app, 'GET', '/api/admin/audit', as(sam.token));

  it('makes an advertiser a moderator: the same session opens the console on its next request', async () => {
    expect((await queue()).status).toBe(403);
    const changed = await cli(t, ['set-role', '--email', 'Sam@Example.com', '--role', 'moderator']);
    expect(changed).toMatchObject({
      code: 0,
      out: [m.roleChanged('sam@example.com', 'moderator')],
      err: [],
    });
    expect((await queue()).status).toBe(200);
    expect((await audit()).status).toBe(403);
    const { rows } = await t.database.pool.query(
      `SELECT actor_id, actor_email, action, target_id, before, after FROM audit_log`,
    );
    expect(rows).toEqual([
      {
        actor_id: null,
        actor_email: 'cli:ops',
        action: 'user.role',
        target_id: sam.userId,
        before: { email: 'sam@example.com', role: 'advertiser' },
        after: { email: 'sam@example.com', role: 'moderator' },
      },
    ]);
  });

  it('makes them an admin, then an advertiser again, each from the next request', async () => {
    expect((await cli(t, ['set-role', '--email', 'sam@example.com', '--role', 'admin'])).code).toBe(
      0,
    );
    expect((await audit()).status).toBe(200);
    const back = await cli(t, ['set-role', '--email', 'sam@example.com', '--role', 'advertiser']);
    expect(back.out).toEqual([m.roleChanged('sam@example.com', 'advertiser')]);
    expect((await queue()).status).toBe(403);
  });

  it('says when nothing changed, and writes no entry', async () => {
    const entries = await sqlCount(t, 'SELECT count(*) AS n FROM audit_log');
    const same = await cli(t, ['set-role', '--email', 'sam@example.com', '--role', 'advertiser']);
    expect(same).toMatchObject({
      code: 0,
      out: [m.roleUnchanged('sam@example.com', 'advertiser')],
    });
    expect(await sqlCount(t, 'SELECT count(*) AS n FROM audit_log')).toBe(entries);
  });

  it('refuses an unknown email with one line and exit 1', async () => {
    const refused = await cli(t, ['set-role', '--email', 'ghost@example.com', '--role', 'admin']);
    expect(refused).toMatchObject({
      code: 1,
      out: [],
      err: [cliMessages.refused(m.noSuchAccount('ghost@example.com'))],
    });
  });

  it('answers bad usage with exit 2, changing nothing', async () => {
    const entries = await sqlCount(t, 'SELECT count(*) AS n FROM audit_log');
    const badRole = await cli(t, ['set-role', '--email', 'sam@example.com', '--role', 'owner']);
    expect(badRole).toMatchObject({
      code: 2,
      err: [
        cliMessages.optionProblem('role', m.roleRequired),
        cliMessages.commandHelpHint('set-role'),
      ],
    });
    const noEmail = await cli(t, ['set-role', '--role', 'admin']);
    expect(noEmail.code).toBe(2);
    expect(noEmail.err[0]).toMatch(/^--email: /);
    const extra = await cli(t, [
      'set-role',
      '--email',
      'sam@example.com',
      '--role',
      'admin',
      'now',
    ]);
    expect(extra.code).toBe(2);
    expect(await sqlCount(t, 'SELECT count(*) AS n FROM audit_log')).toBe(entries);
    expect((await queue()).status).toBe(403);
  });
});
