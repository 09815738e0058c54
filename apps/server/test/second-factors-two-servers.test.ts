import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimTotpStep } from '../src/modules/accounts/second-factor-repository.js';
import { registerVerified, relaxedLimiter } from './support/accounts.js';
import { addAuthenticator, codeFor, passwordStep, secondStep } from './support/second-factors.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const password = 'a long enough passphrase';

/**
 * Issue 27: an authenticator code is taken once even across servers. Two app
 * instances on one database (as two servers behind the load balancer): the step a
 * code belongs to is claimed with one conditional UPDATE, so of two sign-ins given
 * the same code at once, on different servers, exactly one gets in.
 */
describe('a code is taken once across two servers on one database', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await createTestApp({ limiter: relaxedLimiter() });
    b = await createTestApp({ limiter: relaxedLimiter(), databaseUrl: a.databaseUrl });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('a code used on one server is refused on the other', async () => {
    const email = 'two.servers.replay@example.com';
    const { userId } = await registerVerified(a.app, email, password);
    const secret = await addAuthenticator(a, userId);
    const code = codeFor(secret);
    const onA = await secondStep(a.app, {
      challenge: await passwordStep(a.app, email, password),
      code,
    });
    expect(onA.status).toBe(200);
    const onB = await secondStep(b.app, {
      challenge: await passwordStep(b.app, email, password),
      code,
    });
    expect(onB.status).toBe(401);
    // The next step's code is still good, on either server.
    const next = await secondStep(b.app, {
      challenge: await passwordStep(b.app, email, password),
      code: codeFor(secret, 1),
    });
    expect(next.status).toBe(200);
  });

  it('the same code sent to both servers at once gets exactly one session', async () => {
    const email = 'two.servers.race@example.com';
    const { userId } = await registerVerified(a.app, email, password);
    const secret = await addAuthenticator(a, userId);
    const sessions = async () =>
      Number(
        (
          await a.database.pool.query<{ n: string }>(
            'SELECT count(*) AS n FROM sessions WHERE user_id = $1',
            [userId],
          )
        ).rows[0]?.n,
      );
    const before = await sessions();
    for (let round = 0; round < 5; round += 1) {
      // Each round as though the minutes passed: the code of now is new again.
      await a.database.pool.query(
        'UPDATE second_factors SET last_used_step = NULL WHERE user_id = $1',
        [userId],
      );
      const [challengeA, challengeB] = await Promise.all([
        passwordStep(a.app, email, password),
        passwordStep(b.app, email, password),
      ]);
      const code = codeFor(secret);
      const answers = await Promise.all([
        secondStep(a.app, { challenge: challengeA, code }),
        secondStep(b.app, { challenge: challengeB, code }),
      ]);
      const statuses = answers.map((r) => r.status).sort();
      // The loser's code is refused (401), or its challenge already ended by the
      // winner's sign-in (410): either way no second session.
      expect(statuses[0]).toBe(200);
      expect([401, 410]).toContain(statuses[1]);
    }
    expect(await sessions()).toBe(before + 5);
  });

  it("the step's claim itself: two servers' transactions claiming one step at once, one wins", async () => {
    const { userId } = await registerVerified(a.app, 'two.servers.claim@example.com', password);
    await addAuthenticator(a, userId);
    const { rows } = await a.database.pool.query<{ id: string }>(
      'SELECT id FROM second_factors WHERE user_id = $1',
      [userId],
    );
    const factorId = rows[0]?.id ?? '';
    const step = Math.floor(Date.now() / 30_000);
    for (const at of [step, step + 1, step + 2]) {
      const claims = await Promise.all(
        [a, b].map((server) =>
          server.database.transaction(async (tx) => claimTotpStep(tx.db, factorId, at)),
        ),
      );
      expect(claims.filter(Boolean)).toHaveLength(1);
    }
    // An earlier step than the last claimed is never taken again.
    expect(await a.database.transaction(async (tx) => claimTotpStep(tx.db, factorId, step))).toBe(
      false,
    );
  });
});
