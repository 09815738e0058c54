// Debian's Chromium for a benchmark: headless, a fresh profile each time (cold
// cache, empty storage), DevTools on a free loopback port, and a host resolver
// that sends `localhost` and `*.localhost` to 127.0.0.1 and nothing anywhere else.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sleep, timeLimit } from './run.mjs';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags every browser run of the project uses (e2e/chromium.ts), headless. */
export const chromiumFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Only the local server is reachable: any other host name fails to resolve. */
const LOOPBACK_ONLY = 'MAP localhost 127.0.0.1, MAP *.localhost 127.0.0.1, MAP * ~NOTFOUND';

/** `Chromium 156.0.8078.108 built on Debian ...` → `Chromium 156.0.8078.108`. */
export async function chromiumVersion() {
  const child = spawn(chromiumPath, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  await new Promise((resolve) => child.once('exit', resolve));
  return out.match(/Chromium [\d.]+/)?.[0] ?? out.trim();
}

/**
 * Starts Chromium with a temporary profile and answers `{ port, stop }`: the
 * DevTools port (from the profile's DevToolsActivePort file) and a function that
 * stops it and removes the profile.
 */
export async function launchChromium() {
  const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'adboard-bench-chromium-'));
  const child = spawn(
    chromiumPath,
    [
      ...chromiumFlags,
      `--host-resolver-rules=${LOOPBACK_ONLY}`,
      '--remote-debugging-address=127.0.0.1',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const lines = [];
  child.stderr.on('data', (chunk) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - 20));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const done = await Promise.race([
        exited.then(() => true),
        timeLimit(10_000).then(() => false),
      ]);
      if (!done) {
        child.kill('SIGKILL');
        await exited;
      }
    }
    await fs.rm(profile, { recursive: true, force: true });
  };
  const portFile = path.join(profile, 'DevToolsActivePort');
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    if (existsSync(portFile)) {
      const port = Number(readFileSync(portFile, 'utf8').split('\n')[0]);
      if (Number.isInteger(port) && port > 0) return { port, stop };
    }
    await sleep(100);
  }
  await stop();
  throw new Error(`Chromium did not open its DevTools port:\n${lines.join('\n')}`);
}
