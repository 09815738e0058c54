// Building, starting and stopping the server for a benchmark: the built bundle
// as a child process with a temporary DATA_DIR (a fresh embedded PostgreSQL).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sleep, timeLimit } from './run.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const serverMain = path.join(root, 'apps/server/dist/main.js');
const webDist = path.join(root, 'apps/web/dist');

// ---------------------------------------------------------------- build

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Runs a command in the repository root, its output passed through. */
export function run(command, commandArgs) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { cwd: root, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${commandArgs.join(' ')}: ${signal ?? code}`)),
    );
  });
}

/**
 * The server is built when dist/main.js is missing or older than its sources
 * (a stale bundle would benchmark code that is gone), or when `rebuild` asks;
 * the web only when missing: the API calls measured do not depend on it.
 */
export async function buildIfNeeded({ rebuild = false } = {}) {
  const serverSources = ['apps/server/src', 'packages/shared/src'].map((d) => path.join(root, d));
  const stale =
    !existsSync(serverMain) ||
    serverSources.some((dir) => newestMtime(dir) > statSync(serverMain).mtimeMs);
  if (!existsSync(path.join(webDist, 'index.html'))) {
    console.log('building @adboard/web ...');
    await run('npm', ['run', 'build', '-w', '@adboard/web']);
  }
  if (stale || rebuild) {
    console.log('building @adboard/server ...');
    await run('npm', ['run', 'build', '-w', '@adboard/server']).catch((error) => {
      throw new Error(`${error.message} (if apps/server is mid-change, retry in a few minutes)`);
    });
  }
}

// ---------------------------------------------------------------- server

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Settings the developer's shell may carry that must not leak into a bench server. */
const SCRUBBED_ENV = [
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'MAIL_FROM',
  'SMS_PROVIDER',
  'TWILIO_ACCOUNT_SID',
  'TWILIO_AUTH_TOKEN',
  'TWILIO_FROM',
  'TWILIO_API_URL',
  'BOOTSTRAP_ADMIN_EMAIL',
  'BOOTSTRAP_ADMIN_PASSWORD',
  'TRUST_PROXY',
  'RUN_JOBS',
];

/**
 * Starts dist/main.js on 127.0.0.1:`port` with NODE_ENV=test, LOG_LEVEL=warn and
 * RATE_LIMIT_SCALE=1000000 (rate limits out of the way). `databaseUrl` points it
 * at an external PostgreSQL instead of the embedded one; `nodeArgs` go before the
 * script (e.g. `--cpu-prof`); `entry` runs another script instead (scripts/start.mjs,
 * as `npm start` does); `unsetEnv` names settings of the shell to leave out; `env`
 * adds settings (e.g. SMTP_URL).
 * Keeps the last 50 lines the server printed (warnings and errors only, at this level).
 */
export function startServer(
  dataDir,
  port,
  { databaseUrl = null, nodeArgs = [], entry = serverMain, unsetEnv = [], env: extraEnv = {} } = {},
) {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !SCRUBBED_ENV.includes(name) && !unsetEnv.includes(name),
    ),
  );
  Object.assign(env, {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SCALE: '1000000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...extraEnv,
  });
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { lines: [], count: 0 };
  const keep = (chunk) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() === '') continue;
      output.count += 1;
      output.lines.push(line);
      if (output.lines.length > 50) output.lines.shift();
    }
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output, exited, dataDir, external: Boolean(databaseUrl) };
}

export async function waitForReady(base, server) {
  const deadline = Date.now() + 180_000;
  let exit = null;
  server.exited.then((e) => (exit = e));
  while (Date.now() < deadline) {
    if (exit) {
      throw new Error(
        `the server exited (${exit.signal ?? exit.code}) before it was ready:\n` +
          server.output.lines.join('\n'),
      );
    }
    try {
      const response = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`the server was not ready within 180 s:\n${server.output.lines.join('\n')}`);
}

/** The connection string of the embedded PostgreSQL the server started in `dataDir`. */
export async function embeddedDatabaseUrl(dataDir) {
  const creds = JSON.parse(
    await fs.readFile(path.join(dataDir, 'postgres-credentials.json'), 'utf8'),
  );
  const pid = (await fs.readFile(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8')).split(
    '\n',
  );
  const port = Number(pid[3]);
  if (!Number.isInteger(port) || port <= 0) throw new Error('no port in postmaster.pid');
  const user = encodeURIComponent(creds.user);
  const password = encodeURIComponent(creds.password);
  return `postgres://${user}:${password}@127.0.0.1:${port}/postgres`;
}

/** SIGTERM, so the server stops its embedded PostgreSQL; SIGKILL after a minute. */
export async function stopServer(server) {
  const { child, dataDir } = server;
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    const exit = await Promise.race([server.exited, timeLimit(60_000).then(() => null)]);
    if (!exit) {
      console.error('the server did not stop within 60 s; killing it');
      child.kill('SIGKILL');
      await server.exited;
    } else if (exit.code !== 0) {
      console.error(`the server exited with ${exit.signal ?? exit.code}`);
    }
  }
  // A server that died (or was killed) leaves its postgres running: fast-stop it.
  const lockFile = path.join(dataDir, 'postgres/postmaster.pid');
  if (!server.external && existsSync(lockFile)) {
    const pid = Number((await fs.readFile(lockFile, 'utf8')).split('\n')[0]);
    if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
      console.error(`stopping the embedded PostgreSQL left behind (pid ${pid})`);
      process.kill(pid, 'SIGINT');
      for (let i = 0; i < 300 && isAlive(pid); i++) await sleep(100);
    }
  }
}
