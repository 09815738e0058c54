import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, isAlive } from '../src/db/embedded-postgres.js';
import { embeddedPostmasterPid, stopLeftovers } from './support/embedded-leftovers.js';
import { bundleServer, checkoutWithServer } from './support/server-process.js';

/**
 * In development the embedded PostgreSQL is the server's and must go with it,
 * whatever ends the server. Each case runs the real process (the current
 * source, bundled) on an embedded database of its own.
 */

const testDir = path.dirname(fileURLToPath(import.meta.url));
const made: string[] = [];
const dataDirs: string[] = [];
const started: ChildProcess[] = [];
/** Servers started by a script of the test's, not by the test. */
const grandchildren: number[] = [];

afterAll(async () => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
  for (const pid of grandchildren.filter(isAlive)) process.kill(pid, 'SIGKILL');
  // What a failure here left behind is stopped, so it does not outlive the test run.
  for (const dir of dataDirs) await stopLeftovers(dir);
  for (const dir of [...made, ...dataDirs]) await rm(dir, { recursive: true, force: true });
});

async function newDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'adboard-process-ends-'));
  dataDirs.push(dir);
  return dir;
}

function exitOf(child: ChildProcess) {
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
}

/** The settings of a development server on its own port and DATA_DIR (no DATABASE_URL). */
function devEnv(port: number, dataDir: string, extra: Record<string, string> = {}) {
  return {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    ...extra,
  };
}

async function waitReady(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('the server exited before it was ready');
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server was not ready in time');
}

async function waitGone(pid: number): Promise<void> {
  for (let i = 0; i < 600 && isAlive(pid); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * `npm start | tee log`, then `tee` killed (or the terminal holding the pipe
 * closed, or the test runner reading it killed): the server's output goes to a
 * pipe nobody reads. The server died on its next line of log (or on SIGTERM,
 * whose 'stopping' line it could not write) and left its embedded PostgreSQL
 * running, holding DATA_DIR and a port.
 */
describe('a server whose output reader went away', () => {
  it.each(['json', 'pretty'] as const)(
    'keeps serving with %s logs, and SIGTERM then stops it and its database',
    async (format) => {
      const { main, dir } = await bundleServer('closed-pipe');
      made.push(dir);
      const dataDir = await newDataDir();
      // The reader: stands in for `tee`, reading the server's stdout and stderr.
      const reader = spawn(process.execPath, ['-e', 'process.stdin.resume()'], {
        stdio: ['pipe', 'ignore', 'ignore'],
      });
      started.push(reader);
      const pipe = reader.stdin;
      if (!pipe) throw new Error('no pipe to the reader');
      pipe.on('error', () => undefined);
      const port = await freePort();
      const server = spawn(process.execPath, [main], {
        env: devEnv(port, dataDir, { LOG_FORMAT: format }),
        stdio: ['ignore', pipe, pipe],
      });
      started.push(server);
      // Only the server writes into the pipe now.
      pipe.destroy();
      const exited = exitOf(server);
      const base = `http://127.0.0.1:${port}`;
      await waitReady(base, server);
      const postgres = await embeddedPostmasterPid(dataDir);
      expect(postgres).not.toBeNull();

      reader.kill('SIGKILL');
      await exitOf(reader);
      // Each answered request writes a line of log into the closed pipe.
      for (let i = 0; i < 3; i++) {
        const answer = await fetch(`${base}/api/cities?country=US`);
        expect(answer.status).toBe(200);
      }
      expect(server.exitCode).toBeNull();

      server.kill('SIGTERM');
      expect(await exited).toEqual({ code: 0, signal: null });
      expect(await embeddedPostmasterPid(dataDir)).toBeNull();
      expect(isAlive(postgres ?? -1)).toBe(false);
    },
    120_000,
  );
});

/**
 * `npm start` runs scripts/start.mjs, which runs the server as its child. A
 * SIGKILL of the script (a test runner or a process manager killing it hard)
 * reaches no handler: the server, left behind, kept the port and its database.
 */
describe('a server whose `npm start` script was killed', () => {
  it('notices, stops, and stops its database', async () => {
    const { dir, start } = await checkoutWithServer('start-killed');
    made.push(dir);
    const dataDir = await newDataDir();
    const port = await freePort();
    const script = spawn(process.execPath, [start], {
      cwd: dir,
      env: devEnv(port, dataDir),
      stdio: ['ignore', 'ignore', 'ignore'],
    });
    started.push(script);
    await waitReady(`http://127.0.0.1:${port}`, script);
    // The server writes its pid beside its database (one server per DATA_DIR).
    const server = Number((await readFile(path.join(dataDir, 'server.pid'), 'utf8')).trim());
    grandchildren.push(server);
    expect(server).not.toBe(script.pid);
    const postgres = await embeddedPostmasterPid(dataDir);
    expect(postgres).not.toBeNull();

    script.kill('SIGKILL');
    await exitOf(script);
    await waitGone(server);
    expect(isAlive(server)).toBe(false);
    expect(await embeddedPostmasterPid(dataDir)).toBeNull();
    expect(isAlive(postgres ?? -1)).toBe(false);
  }, 120_000);
});

/**
 * What no handler of the server's sees still stops the database: an error
 * nothing catches, or process.exit called from anywhere (as a stop that runs
 * out of time does).
 */
describe('an embedded database whose process ends without stopping it', () => {
  it.each(['throw', 'exit'] as const)(
    'is stopped with the process (%s)',
    async (how) => {
      const { main, dir } = await bundleServer(
        'embedded-owner',
        path.join(testDir, 'fixtures/embedded-owner.ts'),
      );
      made.push(dir);
      const dataDir = await newDataDir();
      const owner = spawn(process.execPath, [main, dataDir, how], {
        env: { PATH: process.env.PATH ?? '' },
        stdio: ['pipe', 'pipe', 'ignore'],
      });
      started.push(owner);
      const exited = exitOf(owner);
      await new Promise<void>((resolve, reject) => {
        owner.stdout?.on('data', (chunk: Buffer) => {
          if (chunk.toString('utf8').includes('started')) resolve();
        });
        owner.once('exit', () => reject(new Error('the owner exited before it started')));
      });
      const postgres = await embeddedPostmasterPid(dataDir);
      expect(postgres).not.toBeNull();
      expect(isAlive(postgres ?? -1)).toBe(true);

      owner.stdin?.write('end\n');
      expect((await exited).code).toBe(how === 'exit' ? 3 : 1);
      expect(await embeddedPostmasterPid(dataDir)).toBeNull();
      expect(isAlive(postgres ?? -1)).toBe(false);
    },
    120_000,
  );
});
