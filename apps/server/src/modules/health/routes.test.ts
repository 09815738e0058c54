import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { healthRoutes, type HealthProbes } from './routes.js';

const ok = async () => undefined;
const down = async () => {
  throw new Error('ECONNREFUSED 10.0.0.5:6379 password=hunter2');
};
const hangs = () => new Promise<void>(() => undefined);

async function readyz(probes: HealthProbes, options: { migrated?: boolean } = {}) {
  const app = Fastify();
  healthRoutes(app, { isMigrated: () => options.migrated ?? true, probes, timeoutMs: 50 });
  const res = await app.inject({ method: 'GET', url: '/readyz' });
  await app.close();
  return { status: res.statusCode, body: res.json() as Record<string, unknown>, text: res.body };
}

describe('/readyz names each dependency’s state', () => {
  it('answers 200 with every dependency ok', async () => {
    const res = await readyz({ database: ok, redis: ok, storage: ok });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, database: 'ok', redis: 'ok', storage: 'ok' });
  });

  it('names no Redis when none is configured', async () => {
    const res = await readyz({ database: ok, storage: ok });
    expect(res.body).toEqual({ ok: true, database: 'ok', storage: 'ok' });
  });

  it('stays ready (200) with Redis or storage down, naming which', async () => {
    expect(await readyz({ database: ok, redis: down, storage: ok })).toMatchObject({
      status: 200,
      body: { ok: true, database: 'ok', redis: 'down', storage: 'ok' },
    });
    expect(await readyz({ database: ok, redis: ok, storage: down })).toMatchObject({
      status: 200,
      body: { ok: true, database: 'ok', redis: 'ok', storage: 'down' },
    });
  });

  it('answers 503 while the database does not answer', async () => {
    const res = await readyz({ database: down, redis: ok, storage: ok });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ ok: false, database: 'down', redis: 'ok', storage: 'ok' });
  });

  it('counts a probe that does not answer in time as down, so readyz never hangs', async () => {
    const res = await readyz({ database: hangs, redis: hangs, storage: hangs });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ ok: false, database: 'down', redis: 'down', storage: 'down' });
  });

  it('never repeats what a failing probe said (addresses, secrets)', async () => {
    const res = await readyz({ database: ok, redis: down, storage: down });
    expect(res.text).not.toMatch(/ECONNREFUSED|10\.0\.0\.5|hunter2/);
  });

  it('answers 503 while migrations run, without asking anything', async () => {
    let asked = 0;
    const counted = async () => {
      asked += 1;
    };
    const res = await readyz(
      { database: counted, redis: counted, storage: counted },
      { migrated: false },
    );
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ ok: false, reason: 'migrating' });
    expect(asked).toBe(0);
  });

  it('answers /livez without asking any dependency', async () => {
    const app = Fastify();
    healthRoutes(app, {
      isMigrated: () => true,
      probes: { database: down, redis: down, storage: down },
    });
    const res = await app.inject({ method: 'GET', url: '/livez' });
    await app.close();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });
});
