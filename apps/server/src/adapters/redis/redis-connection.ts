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
  const reportDown = atMostEvery(
    options.warningIntervalMs ?? REDIS_WARNING_INTERVAL_MS,
    options.onDown,
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
