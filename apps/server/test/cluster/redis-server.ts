import { spawn, spawnSync } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort } from '../../src/db/embedded-postgres.js';
import { sleep, stopChild } from './processes.js';

/** A Redis of the test's own: nothing of another run's (or of the machine's) is shared. */
export interface TestRedis {
  url: string;
  stop(): Promise<void>;
}

export function redisServerBinary(): string | null {
  for (const candidate of ['/usr/bin/redis-server', 'redis-server']) {
    if (spawnSync(candidate, ['--version']).status === 0) return candidate;
  }
  return null;
}

/** redis-server on a free port of 127.0.0.1, in memory only (no snapshot, no log file). */
export async function startRedisServer(): Promise<TestRedis> {
  const binary = redisServerBinary();
  if (!binary) throw new Error('redis-server is not installed: apt-get install -y redis-server');
  const port = await freePort();
  const child = spawn(
    binary,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--daemonize',
      'no',
      '--loglevel',
      'warning',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `redis://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`redis-server exited: ${stderr}`);
    const client = new Redis(url, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    client.on('error', () => undefined);
    try {
      await client.connect();
      if ((await client.ping()) === 'PONG') {
        client.disconnect();
        break;
      }
    } catch {
      client.disconnect();
    }
    if (Date.now() > deadline) {
      await stopChild(child, exited, 1_000);
      throw new Error(`redis-server did not answer: ${stderr}`);
    }
    await sleep(100);
  }
  return { url, stop: () => stopChild(child, exited, 5_000) };
}
