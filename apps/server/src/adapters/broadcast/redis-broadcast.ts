import { randomUUID } from 'node:crypto';
import type { RedisConnection } from '../redis/redis-connection.js';
import { createLocalBroadcast, type Broadcast } from './broadcast.js';

/**
 * A broadcast over Redis pub/sub on `channel`: this process's listeners hear a
 * message at once (Redis or not), the other processes through Redis. Each
 * process subscribes again whenever its connection comes back.
 */
export function createRedisBroadcast(redis: RedisConnection, channel: string): Broadcast {
  const local = createLocalBroadcast();
  // Its own messages come back from Redis: they were delivered here already.
  const origin = randomUUID();
  // It subscribes itself at each 'ready', the first one included.
  const subscriber = redis.duplicate({ autoResubscribe: false });
  subscriber.on('ready', () => {
    // Each time the connection is (again) ready; a failure waits for the next.
    subscriber.subscribe(channel).catch(redis.reportDown);
  });
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    const received = parse(text);
    if (received && received.origin !== origin) local.publish(received.message);
  });
  return {
    publish(message) {
      local.publish(message);
      if (!redis.isConnected()) {
        redis.reportDown(new Error('Redis is not connected'));
        return;
      }
      redis.client.publish(channel, JSON.stringify({ origin, message })).catch(redis.reportDown);
    },
    subscribe: local.subscribe,
    async close() {
      await local.close();
      subscriber.disconnect();
    },
  };
}

function parse(text: string): { origin: string; message: string } | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { origin, message } = value as Record<string, unknown>;
    return typeof origin === 'string' && typeof message === 'string' ? { origin, message } : null;
  } catch {
    return null;
  }
}
