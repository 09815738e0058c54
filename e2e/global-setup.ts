import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { doorModerator, moderatorAccount } from './moderator-account.js';
import {
  enrollModerator,
  moderatorDeviceVariable,
  moderatorSecretVariable,
} from './second-factor-setup.js';

const repoRoot = path.resolve(import.meta.dirname, '..');

async function waitUntilReady(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server not ready at ${url}`);
}

/**
 * A second moderator, made at the command line as an operator would, who has no second
 * factor yet: the browser test of the console's door signs in with it (issue 27).
 */
function createDoorModerator(dataDir: string): void {
  const made = spawnSync(
    process.execPath,
    [
      path.join(repoRoot, 'apps/server/dist/cli.js'),
      'create-user',
      '--email',
      doorModerator.email,
      '--role',
      'moderator',
    ],
    {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn' },
      input: `${doorModerator.password}\n`,
      encoding: 'utf8',
    },
  );
  if (made.status !== 0) throw new Error(`create-user failed: ${made.stderr}`);
}

/**
 * Starts the built server the way `npm start` does, on a fresh data folder, and
 * stops it with SIGTERM afterwards so its embedded PostgreSQL stops too.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'adboard-e2e-'));
  const port = process.env.E2E_PORT ?? '3000';
  const server = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/main.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // The whole browser suite comes from one address (127.0.0.1) and registers more
      // accounts in an hour than one person may (10): every count limit is ten times
      // higher here. The limits themselves are proven by apps/server/test/attacks.
      RATE_LIMIT_SCALE: '10',
      // The moderator of the browser tests, created at start as an operator would.
      BOOTSTRAP_ADMIN_EMAIL: moderatorAccount.email,
      BOOTSTRAP_ADMIN_PASSWORD: moderatorAccount.password,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  try {
    await waitUntilReady(`http://localhost:${port}/readyz`, server);
    const { secret, device } = await enrollModerator(`http://localhost:${port}`);
    process.env[moderatorSecretVariable] = secret;
    process.env[moderatorDeviceVariable] = device;
    createDoorModerator(dataDir);
  } catch (error) {
    server.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return async () => {
    server.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  };
}
