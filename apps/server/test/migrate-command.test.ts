import { spawn } from 'node:child_process';
import { readdir, rm } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../src/db/migrations-dir.js';
import { freePort } from '../src/db/embedded-postgres.js';
import { bundleServer } from './support/server-process.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

/**
 * `npm run migrate` (`--migrate`): a rolling update runs the new version's migrations
 * once, before its servers start (docs/operations.md, Deployment). It applies them and
 * ends; it serves nothing and runs no job.
 */
function run(main: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [main, ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('npm run migrate', () => {
  let testDb: TestDatabase;
  let bundle: { main: string; dir: string };
  let env: Record<string, string>;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    bundle = await bundleServer('migrate');
    env = {
      NODE_ENV: 'test',
      DATABASE_URL: testDb.url,
      DATA_DIR: bundle.dir,
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      LOG_FORMAT: 'json',
    };
  }, 120_000);

  afterAll(async () => {
    await testDb?.drop();
    if (bundle) await rm(bundle.dir, { recursive: true, force: true });
  });

  const versions = async () => {
    const client = new pg.Client({ connectionString: testDb.url });
    await client.connect();
    try {
      return (
        await client.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY 1')
      ).rows.map((row) => row.version);
    } finally {
      await client.end();
    }
  };

  it('applies every migration and the cities, then exits 0 without serving', async () => {
    const result = await run(bundle.main, ['--migrate'], env);
    expect(result.code, result.output).toBe(0);
    const files = (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort();
    expect(await versions()).toEqual(files);
    const client = new pg.Client({ connectionString: testDb.url });
    await client.connect();
    const cities = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM cities');
    await client.end();
    expect(cities.rows[0]?.n).toBeGreaterThan(0);
    // It never listened: nothing answers on its port.
    await expect(fetch(`http://127.0.0.1:${env.PORT}/livez`)).rejects.toThrow();
  }, 120_000);

  it('says there is nothing to do the second time', async () => {
    const result = await run(bundle.main, ['--migrate'], env);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain('up to date');
  }, 120_000);

  it('is refused beside a role', async () => {
    const result = await run(bundle.main, ['--migrate', '--web'], env);
    expect(result.code).toBe(1);
    expect(result.output).toContain('--migrate');
  }, 60_000);
});
