import { adForm } from '../support/ads.js';
import { request } from './http-client.js';
import { sleep } from './processes.js';

/** The pause between two reads of a client once its writes are done. */
const READ_PAUSE_MS = 100;

/** One request of the traffic: when it began and ended, and how it was answered. */
export interface Attempt {
  kind: 'write' | 'read';
  lane: number;
  /** 0 when no answer came (the connection failed or was cut). */
  status: number;
  startedAt: number;
  endedAt: number;
  /** The ad a creation asked for ('' for a read), and its id when the answer was 2xx. */
  title: string;
  adId: string | null;
  error: string | null;
}

export interface WriteTraffic {
  attempts: Attempt[];
  /** When the kill was sent, and when the killed process was gone. */
  killedAt: number;
  deadAt: number;
}

/**
 * Lanes of traffic through the proxy, each one client (an address of 127.0.1.0/24
 * of its own, so each has its own limits): a lane creates ads one after another,
 * `writesPerLane` of them, with a read of the app's site data after each. Once
 * `killAfterWrites` creations were answered, `kill` runs (it answers when the
 * killed process was gone); the lanes go on meanwhile, and read on after their
 * writes until `readOnMs` after the killed process was gone.
 */
export async function runWriteTraffic(options: {
  proxy: string;
  host: string;
  lanes: number;
  writesPerLane: number;
  killAfterWrites: number;
  readOnMs: number;
  kill: () => Promise<number>;
}): Promise<WriteTraffic> {
  const attempts: Attempt[] = [];
  let answered = 0;
  const kill: { at: number; gone: Promise<number> | null; deadAt: number | null } = {
    at: 0,
    gone: null,
    deadAt: null,
  };
  const tag = Date.now().toString(36);

  /** A creation of the ad named by `marker`, or (null) a read. */
  async function send(lane: number, from: string, marker: string | null) {
    const kind = marker === null ? 'read' : 'write';
    const title = marker === null ? '' : `Evening companion ${marker}`;
    const attempt: Attempt = {
      kind,
      lane,
      status: 0,
      startedAt: Date.now(),
      endedAt: 0,
      title,
      adId: null,
      error: null,
    };
    try {
      const answer =
        kind === 'write'
          ? await request(`${options.proxy}/api/posts`, {
              from,
              headers: { host: options.host },
              body: {
                ...adForm,
                type: 'free_verified',
                email: `${marker}@traffic.example.com`,
                title,
              },
            })
          : await request(`${options.proxy}/api/site`, { from, headers: { host: options.host } });
      attempt.status = answer.status;
      if (kind === 'write') {
        attempt.adId = (answer.json as { post_id?: string } | null)?.post_id ?? null;
      }
      if (answer.status < 200 || answer.status > 299) attempt.error = answer.text.slice(0, 300);
    } catch (error) {
      attempt.error = (error as Error).message;
    }
    attempt.endedAt = Date.now();
    attempts.push(attempt);
    return attempt;
  }

  const readingOn = () => kill.deadAt === null || Date.now() < kill.deadAt + options.readOnMs;

  async function lane(index: number): Promise<void> {
    const from = `127.0.1.${index + 1}`;
    for (let n = 0; n < options.writesPerLane || readingOn(); n += 1) {
      if (n < options.writesPerLane) {
        const written = await send(index, from, `t${tag}l${index}n${n}`);
        if (written.status >= 200 && written.status < 300) answered += 1;
        if (!kill.gone && answered >= options.killAfterWrites) {
          kill.at = Date.now();
          kill.gone = options.kill().then((deadAt) => {
            kill.deadAt = deadAt;
            return deadAt;
          });
        }
      }
      // A read after each write, as a person's browser makes; only reads once the
      // writes are done, a few a second per client (the machine is shared).
      if (n >= options.writesPerLane) await sleep(READ_PAUSE_MS);
      await send(index, from, null);
      if (!kill.gone && n >= options.writesPerLane) break;
    }
  }

  await Promise.all(Array.from({ length: options.lanes }, (_, i) => lane(i)));
  if (!kill.gone) throw new Error(`only ${answered} writes answered: the kill never came`);
  return { attempts, killedAt: kill.at, deadAt: await kill.gone };
}
