import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAdmin } from '../src/modules/accounts/bootstrap-admin.js';
import { login } from './support/accounts.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

describe('bootstrapAdmin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const email = 'Operator@Example.com';
  const password = 'the operator passphrase';

  it('creates a verified administrator who can log in at once', async () => {
    expect(await bootstrapAdmin(t.database, { email, password }, 'local')).toBe(true);
    const res = await login(t.app, email.toLowerCase(), password);
    expect(res.status).toBe(200);
    const { token } = (res.json as { data: { token: string } }).data;
    const status = await call(t.app, 'GET', '/api/user/status', { headers: { session: token } });
    expect(status.json).toMatchObject({ ok: true, role: 'admin' });
    const { rows } = await t.database.pool.query<{ password_hash: string }>(
      'select password_hash from users where email_normalized = $1',
      [email.toLowerCase()],
    );
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('leaves an existing account as it is on the next start', async () => {
    const again = await bootstrapAdmin(
      t.database,
      { email: email.toUpperCase(), password: 'a different passphrase' },
      'local',
    );
    expect(again).toBe(false);
    expect((await login(t.app, email, password)).status).toBe(200);
    expect((await login(t.app, email, 'a different passphrase')).status).toBe(401);
    const { rows } = await t.database.pool.query<{ n: string }>(
      'select count(*) as n from users where email_normalized = $1',
      [email.toLowerCase()],
    );
    expect(Number(rows[0]?.n)).toBe(1);
  });

  it('does not turn an existing advertiser into an administrator', async () => {
    const advertiser = 'advertiser@example.com';
    await call(t.app, 'POST', '/api/user/register', {
      body: { email: advertiser, password: 'a long enough passphrase' },
    });
    expect(
      await bootstrapAdmin(
        t.database,
        { email: advertiser, password: 'an operator pass' },
        'local',
      ),
    ).toBe(false);
    const { rows } = await t.database.pool.query<{ role: string }>(
      'select role from users where email_normalized = $1',
      [advertiser],
    );
    expect(rows[0]?.role).toBe('advertiser');
  });
});
