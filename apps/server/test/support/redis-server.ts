import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';

/**
 * A Redis server of the test's own, on a free port of 127.0.0.1, that the test
 * may stop, pause and start again (never the machine's shared one). Nothing is
 * saved to disk.
 */
export interface TestRedis {
  url: string;
  port: number;
  /** Ends the server (SIGKILL): connections drop, as when Redis dies. */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty. */
  restart(): Promise<void>;
  /** Freezes it (SIGSTOP): connections stay open and nothing answers. */
  pause(): void;
  resume(): void;
  /** Every key that starts with `prefix`. */
  keys(prefix: string): Promise<string[]>;
  stop(): Promise<void>;
}

/** A port of 127.0.0.1 nothing listens on (for a moment). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function answers(url: string): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 200,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

export async function startTestRedis(): Promise<TestRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();

  async function start() {
    const proc = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    child = proc;
    exited = new Promise((resolve) => proc.once('exit', () => resolve()));
    const deadline = Date.now() + 10_000;
    while (!(await answers(url))) {
      if (proc.exitCode !== null) throw new Error(`redis-server exited (${proc.exitCode})`);
      if (Date.now() > deadline) throw new Error('redis-server did not answer within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async function kill() {
    const proc = child;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    proc.kill('SIGCONT');
    proc.kill('SIGKILL');
    await exited;
  }

  await start();
  return {
    url,
    port,
    kill,
    restart: start,
    pause: () => child?.kill('SIGSTOP'),
    resume: () => child?.kill('SIGCONT'),
    async keys(prefix) {
      const redis = new Redis(url);
      try {
        return await redis.keys(`${prefix}*`);
      } finally {
        redis.disconnect();
      }
    },
    stop: kill,
  };
}
