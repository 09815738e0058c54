import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const scripts = path.dirname(fileURLToPath(import.meta.url));

/**
 * Stands in for apps/server/dist/main.js: says what it was started with, then
 * waits for a signal as the server does, or exits with the code it is given.
 */
const FAKE_SERVER = `
const exitWith = process.argv.find((a) => a.startsWith('--exit='));
const stop = (signal) => { console.log(JSON.stringify({ stopped: signal })); process.exit(0); };
// Its handlers first, as the server's (main.ts): a signal right after its first line
// would otherwise end it by the signal itself, on a busy machine.
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('disconnect', () => stop('disconnect'));
console.log(JSON.stringify({ pid: process.pid, arena: process.env.MALLOC_ARENA_MAX ?? null, args: process.argv.slice(2) }));
if (exitWith) process.exit(Number(exitWith.slice(7)));
setInterval(() => {}, 1000);
`;

interface Started {
  child: ChildProcess;
  lines: () => Record<string, unknown>[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * A copy of the repository's start script in a folder laid out like the
 * repository, with everything already built (so nothing is built), whose
 * server bundle is the stand-in above.
 */
function fakeCheckout(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'adboard-start-'));
  for (const dir of ['scripts', 'apps/web/src', 'apps/web/dist', 'packages/shared/src']) {
    mkdirSync(path.join(root, dir), { recursive: true });
  }
  mkdirSync(path.join(root, 'apps/server/src'), { recursive: true });
  mkdirSync(path.join(root, 'apps/server/dist'), { recursive: true });
  writeFileSync(path.join(root, 'apps/web/dist/index.html'), '<!doctype html>');
  writeFileSync(path.join(root, 'apps/server/dist/main.js'), FAKE_SERVER);
  for (const script of ['start.mjs', 'build-if-needed.mjs']) {
    copyFileSync(path.join(scripts, script), path.join(root, 'scripts', script));
  }
  return root;
}

/** Every wrapper started (and the server it said it started), stopped at the end even after a failure. */
const running: Started[] = [];

function start(root: string, args: string[] = [], env: Record<string, string> = {}): Started {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name !== 'MALLOC_ARENA_MAX'),
  );
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs'), ...args], {
    cwd: root,
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  // 'close', not 'exit': the lines the server wrote last are read by then.
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  const lines = () =>
    out
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  const started = { child, lines, exited };
  running.push(started);
  return started;
}

async function firstLine(s: Started): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const [line] = s.lines();
    if (line) return line;
    if (s.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the server never said it started');
}

/** The environment the process was started with, as the kernel (and glibc's malloc) saw it. */
function startEnvironment(pid: number): Record<string, string> {
  const raw = readFileSync(`/proc/${pid}/environ`, 'utf8');
  return Object.fromEntries(
    raw
      .split('\0')
      .filter(Boolean)
      .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
  );
}

/**
 * Issue 15, finding 11: glibc's malloc reads MALLOC_ARENA_MAX once, when the
 * process starts, so `npm start` must start the server with it already set.
 */
describe('npm start (scripts/start.mjs)', () => {
  let root: string;
  beforeAll(() => {
    root = fakeCheckout();
  });
  afterAll(() => {
    // A wrapper that has exited has seen its server exit: only live ones are left to stop.
    for (const s of running.filter((r) => r.child.exitCode === null && !r.child.signalCode)) {
      const pids = [s.child.pid, ...s.lines().map((line) => line.pid)];
      for (const pid of pids) {
        try {
          if (typeof pid === 'number') process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
    rmSync(root, { recursive: true, force: true });
  });

  it('starts the server as a process of its own with MALLOC_ARENA_MAX=2 from its start', async () => {
    const s = start(root, ['--worker']);
    const line = await firstLine(s);
    expect(line.pid).not.toBe(s.child.pid);
    expect(line.arena).toBe('2');
    expect(line.args).toEqual(['--worker']);
    if (process.platform === 'linux') {
      expect(startEnvironment(Number(line.pid)).MALLOC_ARENA_MAX).toBe('2');
    }
    s.child.kill('SIGTERM');
    expect(await s.exited).toEqual({ code: 0, signal: null });
  });

  it('keeps an allocator setting the operator gave', async () => {
    const s = start(root, [], { MALLOC_ARENA_MAX: '4' });
    expect((await firstLine(s)).arena).toBe('4');
    s.child.kill('SIGTERM');
    await s.exited;
  });

  it.each(['SIGTERM', 'SIGINT'] as const)(
    'passes %s to the server, which stops cleanly, and exits as it did',
    async (signal) => {
      const s = start(root);
      await firstLine(s);
      s.child.kill(signal);
      expect(await s.exited).toEqual({ code: 0, signal: null });
      expect(s.lines().at(-1)).toEqual({ stopped: signal });
    },
  );

  it('lets the server know when it is killed, even with SIGKILL (the IPC channel closes)', async () => {
    const s = start(root);
    const { pid } = await firstLine(s);
    s.child.kill('SIGKILL');
    await s.exited;
    try {
      const deadline = Date.now() + 20_000;
      while (!s.lines().some((line) => line.stopped) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(s.lines().at(-1)).toEqual({ stopped: 'disconnect' });
    } finally {
      // The stand-in, if it did not hear it, is left to no one else.
      try {
        process.kill(Number(pid), 'SIGKILL');
      } catch {
        // gone, as it should be
      }
    }
  }, 30_000);

  it('stops the server when the process that started it goes away (npm’s shell, killed)', async () => {
    // `npm start` runs `sh -c "node scripts/start.mjs"`; a SIGTERM to npm ends that
    // shell, which passes nothing on: the script and its server were left running.
    const shell = spawn('sh', ['-c', `"${process.execPath}" scripts/start.mjs; true`], {
      cwd: root,
      env: Object.fromEntries(
        Object.entries(process.env).filter(([name]) => name !== 'MALLOC_ARENA_MAX'),
      ),
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let out = '';
    shell.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    const lines = () =>
      out
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    let deadline = Date.now() + 20_000;
    while (lines().length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const pid = Number(lines()[0]?.pid);
    shell.kill('SIGKILL');
    try {
      deadline = Date.now() + 20_000;
      while (!lines().some((line) => line.stopped) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(lines().at(-1)).toEqual({ stopped: 'SIGTERM' });
    } finally {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone, as it should be
      }
    }
  }, 30_000);

  it('exits with the server’s exit code', async () => {
    const s = start(root, ['--exit=3']);
    expect(await s.exited).toEqual({ code: 3, signal: null });
  });
});
