import { Redis, type RedisOptions } from 'ioredis';
import { atMostEvery } from './at-most-every.js';

/**
 * How the server talks to Redis so that a Redis that stops answering never
 * holds a request up: a call fails after `commandTimeout` instead of waiting,
 * and fails at once while the connection is down (no queue of commands waiting
 * for it); the connection is tried again for ever, at most a second apart, and
 * the callers go back to Redis by themselves once it answers.
 */
export const redisOptions = {
  connectTimeout: 500,
  commandTimeout: 300,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  retryStrategy: (times: number) => Math.min(times * 100, 1_000),
} satisfies RedisOptions;

/**
 * What the log may say of a Redis failure: its error code (ECONNREFUSED, ETIMEDOUT...)
 * and nothing of its message, which names Redis's address (and whatever an operator's
 * REDIS_URL holds). Which failure is logged first is a race (the connection's error
 * event or a refused command), so each is told the same way.
 */
export function redisFailure(error: unknown): Error {
  const code = (error as { code?: unknown } | null)?.code;
  return new Error(typeof code === 'string' ? code : 'Redis did not answer');
}

/** How often, at most, the log says Redis is down. */
export const REDIS_WARNING_INTERVAL_MS = 60_000;

export interface RedisConnection {
  /** Counters and publishing. */
  client: Redis;
  /** Whether the connection is up now (a call may still time out on a hung server). */
  isConnected(): boolean;
  /** Resolves when Redis answers a PING now; rejects otherwise (readyz asks it). */
  probe(): Promise<void>;
  /** A second connection with the same settings, for a subscriber (it takes no other command). */
  duplicate(overrides?: RedisOptions): Redis;
  /**
   * Says Redis is down and what the server does meanwhile: at most once a minute
   * however many requests meet it. Every connection's errors come here too.
   */
  reportDown(error: unknown): void;
  close(): Promise<void>;
}

export function openRedis(
  url: string,
  options: { onDown: (error: unknown) => void; warningIntervalMs?: number },
): RedisConnection {
  const reportDown = atMostEvery(options.warningIntervalMs ?? REDIS_WARNING_INTERVAL_MS, (error) =>
    options.onDown(redisFailure(error)),
  );
  const client = new Redis(url, redisOptions);
  // Unheard, ioredis would print each failed reconnection itself.
  client.on('error', reportDown);
  const duplicates: Redis[] = [];
  return {
    client,
    isConnected: () => client.status === 'ready',
    async probe() {
      if (client.status !== 'ready') throw new Error('Redis is not connected');
      await client.ping();
    },
    duplicate(overrides) {
      const copy = client.duplicate(overrides);
      copy.on('error', reportDown);
      duplicates.push(copy);
      return copy;
    },
    reportDown,
    async close() {
      // At once: a Redis that is down would never answer a QUIT.
      for (const copy of duplicates) copy.disconnect();
      client.disconnect();
    },
  };
}
