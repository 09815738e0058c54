/**
 * Messages every process of the site hears (the public pages' invalidations):
 * in this process only, or through Redis pub/sub to every server
 * (redis-broadcast.ts). Delivery is at most once: a message sent while the
 * channel is down is lost, so what listens must stay correct without it (the
 * page cache's few seconds).
 */
export interface Broadcast {
  /**
   * Tells this process's listeners at once, and every other process's as soon as
   * the channel carries it. Never throws and never waits on the network.
   */
  publish(message: string): void;
  /** Calls `listener` with every message any process publishes; answers what stops it. */
  subscribe(listener: (message: string) => void): () => void;
  close(): Promise<void>;
}

/** The listeners of this process: the whole of a broadcast without Redis, and its local half with. */
export function createLocalBroadcast(): Broadcast {
  const listeners = new Set<(message: string) => void>();
  return {
    publish(message) {
      for (const listener of listeners) listener(message);
    },
    subscribe(listener) {
      // Its own wrapper, so the same function subscribed twice is two subscriptions.
      const entry = (message: string) => listener(message);
      listeners.add(entry);
      return () => void listeners.delete(entry);
    },
    async close() {
      listeners.clear();
    },
  };
}
