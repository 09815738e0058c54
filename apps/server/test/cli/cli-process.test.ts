import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { cliBanMessages, cliMessages } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, runningEmbeddedPostgresUrl } from '../../src/db/embedded-postgres.js';
import {
  bundleServer,
  serverDir,
  startServerProcess,
  stopServerProcess,
  waitReady,
} from '../support/server-process.js';

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The built CLI as an operator runs it: its own process, the terminal's settings. */
function runBuiltCli(cli: string, args: string[], env: Record<string, string>, input = '') {
  return new Promise<Ran>((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], {
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.stdin.end(input);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const admin = { email: 'root-admin@example.com', password: 'a long admin passphrase' };

describe('the command line as its own process, on the embedded database', () => {
  let cli: string;
  let server: string;
  const dirs: string[] = [];
  let dataDir: string;

  beforeAll(async () => {
    const cliBundle = await bundleServer('cli-process', path.join(serverDir, 'src/cli-main.ts'));
    const serverBundle = await bundleServer('cli-process-server');
    cli = cliBundle.main;
    server = serverBundle.main;
    dirs.push(cliBundle.dir, serverBundle.dir);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'adboard-cli-'));
    dirs.push(dataDir);
  }, 120_000);
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('answers --help with exit 0 and bad usage with exit 2, opening nothing', async () => {
    const help = await runBuiltCli(cli, ['--help'], { DATA_DIR: dataDir });
    expect(help.code).toBe(0);
    expect(help.stdout.split('\n')[0]).toBe(cliMessages.usage);
    const bad = await runBuiltCli(cli, ['ban', '--email', 'x@example.com'], { DATA_DIR: dataDir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(cliMessages.optionProblem('reason', cliMessages.reasonRequired));
    expect(existsSync(path.join(dataDir, 'postgres'))).toBe(false);
  });

  it('starts the embedded database for a command when no server runs, and stops it after', async () => {
    const refused = await runBuiltCli(cli, ['ban', '--email', admin.email, '--reason', 'testing'], {
      DATA_DIR: dataDir,
    });
    expect(refused.stderr.trim()).toBe(
      cliMessages.refused(cliBanMessages.noSuchAccount(admin.email)),
    );
    expect(refused.code).toBe(1);
    expect(await runningEmbeddedPostgresUrl(dataDir)).toBeNull();
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
  }, 120_000);

  it('works on the database of a running server, and leaves it running', async () => {
    const port = await freePort();
    const running = startServerProcess(server, port, {
      DATA_DIR: dataDir,
      BOOTSTRAP_ADMIN_EMAIL: admin.email,
      BOOTSTRAP_ADMIN_PASSWORD: admin.password,
    });
    try {
      await waitReady(running);
      const login = () =>
        fetch(`${running.base}/api/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(admin),
        });
      expect((await login()).status).toBe(200);
      const banned = await runBuiltCli(
        cli,
        ['ban', '--email', admin.email, '--reason', 'stolen laptop'],
        { DATA_DIR: dataDir },
      );
      expect(banned).toMatchObject({ code: 0, stdout: `${cliBanMessages.banned(admin.email)}\n` });
      expect((await login()).status).toBe(403);
      expect(await runningEmbeddedPostgresUrl(dataDir)).not.toBeNull();
      expect((await fetch(`${running.base}/readyz`)).status).toBe(200);
    } finally {
      expect(await stopServerProcess(running)).toBe(0);
    }
  }, 180_000);
});
