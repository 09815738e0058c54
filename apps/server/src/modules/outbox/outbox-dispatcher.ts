import { deliverMessage, type DeliveryDeps, type RetryPolicy } from './deliver-message.js';
import { claimDueMessages, renewClaims } from './outbox-repository.js';

export interface DispatcherOptions {
  retry: RetryPolicy;
  /** How often to look for due messages when none are waiting. Default 500 ms. */
  intervalMs?: number;
  /** Hand-overs in progress at once (the SMTP pool queues what its connections cannot take yet). Default 16. */
  concurrency?: number;
  /**
   * A claim lasts this long and is renewed every third of it while the hand-over
   * goes on: a crashed worker's messages are due again within it. Default 30 s.
   */
  leaseSeconds?: number;
  /** On stop, the wait for hand-overs in progress. Default 10 s. */
  stopTimeoutMs?: number;
  onError?: (error: unknown) => void;
}

export interface OutboxDispatcher {
  /** Looks for due messages now (call it after a commit that wrote some) instead of at the next look. */
  wake(): void;
  stop(): Promise<void>;
}

/**
 * Sends the outbox: claims due messages (SKIP LOCKED, so several servers share
 * the work), keeps up to `concurrency` hand-overs going and claims more as each
 * ends. The first look is at start, so what a crash left behind goes as soon
 * as its claim has run out. A message is handed over once; the only copy is
 * one whose hand-over a crash cut mid-way, sent again with the same Message-ID.
 */
export function startOutboxDispatcher(
  deps: DeliveryDeps,
  options: DispatcherOptions,
): OutboxDispatcher {
  const intervalMs = options.intervalMs ?? 500;
  const concurrency = options.concurrency ?? 16;
  const leaseSeconds = options.leaseSeconds ?? 30;
  const onError = options.onError ?? (() => undefined);
  const inFlight = new Map<string, Promise<void>>();
  let stopped = false;
  /** The last claim filled every free lane: more may be due, so look again as a lane frees. */
  let backlog = false;
  let wakeUp: (() => void) | null = null;
  /** A lane freed while no pause was running: the next pause is skipped. */
  let woken = false;
  const wake = () => {
    if (wakeUp) wakeUp();
    else woken = true;
  };

  const pause = () =>
    new Promise<void>((resolve) => {
      if (woken) {
        woken = false;
        resolve();
        return;
      }
      const timer = setTimeout(done, intervalMs);
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      }
      wakeUp = done;
    });

  async function claimAndSend(): Promise<void> {
    const free = concurrency - inFlight.size;
    if (free <= 0) {
      backlog = true;
      return;
    }
    const claimed = await claimDueMessages(deps.db, free, leaseSeconds);
    backlog = claimed.length === free;
    for (const message of claimed) {
      const handOver = deliverMessage(deps, message, options.retry)
        .catch(onError)
        .finally(() => {
          inFlight.delete(message.id);
          if (backlog) wake();
        });
      inFlight.set(message.id, handOver);
    }
  }

  const loop = (async () => {
    while (!stopped) {
      try {
        await claimAndSend();
      } catch (error) {
        onError(error);
      }
      if (!stopped) await pause();
    }
  })();

  const heartbeat = setInterval(
    () => {
      renewClaims(deps.db, [...inFlight.keys()], leaseSeconds).catch(onError);
    },
    (leaseSeconds * 1000) / 3,
  );
  heartbeat.unref();

  return {
    wake,
    async stop() {
      stopped = true;
      wake();
      await loop;
      // Hand-overs in progress finish and are recorded; one still going after
      // the wait is left to its claim, which runs out (sent again: cut mid-way).
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(inFlight.values()),
        new Promise((resolve) => {
          timer = setTimeout(resolve, options.stopTimeoutMs ?? 10_000);
        }),
      ]);
      clearTimeout(timer);
      clearInterval(heartbeat);
    },
  };
}
