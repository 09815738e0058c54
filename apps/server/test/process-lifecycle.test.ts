import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, isAlive as alive } from '../src/db/embedded-postgres.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bundle = path.join(serverDir, 'dist/main.js');

interface Started {
  child: ChildProcess;
  port: number;
  stderr: () => string;
  exited: Promise<number | null>;
}

function startBuiltServer(env: Record<string, string>): Started {
  const child = spawn(process.execPath, [bundle], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { child, port: Number(env.PORT), stderr: () => stderr, exited };
}

async function waitReady(s: Started): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (s.child.exitCode !== null) throw new Error(`server exited: ${s.stderr()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${s.port}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`not ready: ${s.stderr()}`);
}

async function postmasterPid(dataDir: string): Promise<number | null> {
  const file = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(file)) return null;
  return Number((await readFile(file, 'utf8')).split('\n')[0]);
}

describe('the server process as an operator runs it', () => {
  let dataDir: string;
  beforeAll(async () => {
    // Always from the current source: a stale bundle would test yesterday's server.
    const built = spawnSync(process.execPath, ['build.mjs'], { cwd: serverDir });
    if (built.status !== 0) throw new Error(built.stderr.toString());
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'adboard-lifecycle-'));
  }, 120_000);
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('creates its database, survives SIGKILL, and stops the database on SIGTERM', async () => {
    const first = startBuiltServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
    await waitReady(first);
    const cities = await fetch(`http://127.0.0.1:${first.port}/api/cities?country=US`);
    expect(((await cities.json()) as unknown[]).length).toBeGreaterThanOrEqual(60);
    first.child.kill('SIGKILL');
    await first.exited;
    const orphan = await postmasterPid(dataDir);
    expect(orphan).not.toBeNull();

    const second = startBuiltServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
    await waitReady(second);
    expect(second.stderr()).not.toMatch(/Cannot start|error/i);
    const live = await postmasterPid(dataDir);
    expect(live).not.toBeNull();

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(await postmasterPid(dataDir)).toBeNull();
    expect(alive(live ?? -1)).toBe(false);
    expect(alive(orphan ?? -1)).toBe(false);
  }, 120_000);

  it('stops cleanly, its database with it, when its terminal closes (SIGHUP)', async () => {
    const server = startBuiltServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
    await waitReady(server);
    const live = await postmasterPid(dataDir);
    expect(live).not.toBeNull();

    server.child.kill('SIGHUP');
    expect(await server.exited).toBe(0);
    expect(server.stderr()).toMatch(/SIGHUP received, stopping/);
    expect(await postmasterPid(dataDir)).toBeNull();
    expect(alive(live ?? -1)).toBe(false);
  }, 120_000);

  it('refuses a bad setting with a message naming it', async () => {
    const bad = startBuiltServer({ PORT: 'abc', DATA_DIR: dataDir });
    expect(await bad.exited).toBe(1);
    expect(bad.stderr()).toMatch(/PORT/);
  });

  it('refuses production mode without real mail and SMS settings', async () => {
    const prod = startBuiltServer({ PORT: '0', DATA_DIR: dataDir, NODE_ENV: 'production' });
    expect(await prod.exited).toBe(1);
    expect(prod.stderr()).toMatch(/SMTP_URL/);
    expect(prod.stderr()).toMatch(/SMS_PROVIDER/);
  });
});
