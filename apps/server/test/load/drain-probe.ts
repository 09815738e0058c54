import http from 'node:http';
import net from 'node:net';
import type { Target } from './mixed-load.js';

/*
 * Load with an account of every request, for the stop in the middle: which
 * requests were fully written to the socket before the signal, and how each
 * ended (a complete answer, an answer cut off part-way, or no answer at all).
 */

export type Ending =
  /** Status line, headers and the whole body arrived. */
  | { kind: 'complete'; status: number; bytes: number }
  /** The answer had begun when the connection failed. */
  | { kind: 'cut'; status: number; error: string }
  /** Not one byte of an answer: refused, or closed before answering. */
  | { kind: 'no answer'; error: string };

export interface Probe {
  label: string;
  /** True when the request was flushed to the socket before the signal was sent. */
  writtenBeforeSignal: boolean;
  /** True when its answer had fully arrived before the signal was sent. */
  answeredBeforeSignal: boolean;
  /** Sent on a kept-alive connection used before (Node's `reusedSocket`). */
  reusedConnection: boolean;
  /** Milliseconds from its last byte handed to the socket to the signal (negative: after). */
  writtenMsBeforeSignal: number | null;
  ending: Ending;
}

/** Whether the signal has been sent, and the requests still waiting for their answer. */
export interface SignalClock {
  sent: boolean;
  /** performance.now() when it was sent. */
  at: number | null;
  /** Each live request's check, run at the signal: is it all in the socket? */
  live: Set<() => void>;
}

export function signalClock(): SignalClock {
  return { sent: false, at: null, live: new Set() };
}

/**
 * Call right after sending the signal: a request whose bytes have all been
 * handed to its socket by now (`writableFinished`, even if its 'finish' event is
 * still to come) counts as written before it.
 */
export function markSignalSent(clock: SignalClock): void {
  clock.at = performance.now();
  for (const check of clock.live) check();
  clock.sent = true;
}

/**
 * One request through `agent`: `body` is sent whole, or, with `pauseBody`, in two
 * halves with the pause between them (a request the server has begun to read).
 */
export function probe(
  base: string,
  agent: http.Agent,
  clock: SignalClock,
  request: {
    label: string;
    method?: string;
    path: string;
    headers: Record<string, string>;
    body?: string;
    pauseBody?: () => Promise<void>;
  },
): Promise<Probe> {
  return new Promise((resolve) => {
    let writtenBeforeSignal = false;
    let writtenAt: number | null = null;
    let status: number | null = null;
    let settled = false;
    const body = request.body === undefined ? null : Buffer.from(request.body);
    const done = (ending: Ending) => {
      if (settled) return;
      settled = true;
      clock.live.delete(checkAtSignal);
      resolve({
        label: request.label,
        reusedConnection: req.reusedSocket,
        writtenMsBeforeSignal:
          writtenAt === null || clock.at === null ? null : Math.round(clock.at - writtenAt),
        writtenBeforeSignal,
        answeredBeforeSignal: ending.kind === 'complete' && !clock.sent,
        ending,
      });
    };
    const url = new URL(request.path, base);
    const req = http.request(url, {
      method: request.method ?? 'GET',
      agent,
      headers: {
        ...request.headers,
        ...(body ? { 'content-length': String(body.length) } : {}),
      },
    });
    // 'finish': the last byte of the request has been handed to the socket.
    req.once('finish', () => {
      if (!clock.sent) writtenBeforeSignal = true;
      writtenAt ??= performance.now();
    });
    const checkAtSignal = () => {
      if (req.writableFinished) {
        writtenBeforeSignal = true;
        writtenAt ??= performance.now();
      }
    };
    clock.live.add(checkAtSignal);
    req.once('response', (res) => {
      status = res.statusCode ?? 0;
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.once('end', () => {
        const declared = res.headers['content-length'];
        if (declared !== undefined && Number(declared) !== bytes) {
          done({ kind: 'cut', status: status ?? 0, error: `${bytes} of ${declared} bytes` });
        } else {
          done({ kind: 'complete', status: status ?? 0, bytes });
        }
      });
      res.once('aborted', () => done({ kind: 'cut', status: status ?? 0, error: 'aborted' }));
      res.once('error', (error) =>
        done({ kind: 'cut', status: status ?? 0, error: error.message }),
      );
    });
    req.once('error', (error: NodeJS.ErrnoException) => {
      const message = `${error.code ?? ''} ${error.message}`.trim();
      done(
        status === null
          ? { kind: 'no answer', error: message }
          : { kind: 'cut', status, error: message },
      );
    });
    req.setTimeout(60_000, () => req.destroy(new Error('no answer within 60 s')));
    if (body && request.pauseBody) {
      const half = Math.floor(body.length / 2);
      req.write(body.subarray(0, half));
      void request.pauseBody().then(() => req.end(body.subarray(half)));
    } else {
      req.end(body ?? undefined);
    }
  });
}

export interface DrainLoad {
  /** Every request that ended so far, in the order they ended. */
  probes: Probe[];
  /** Resolves once every loop's connection has brought back one complete answer. */
  connected: Promise<void>;
  /** Ends the loops after their current request. */
  stop(): void;
  /** Resolves when every loop has ended. */
  finished: Promise<void>;
}

/**
 * `connections` loops, each with its own keep-alive connection (an agent of
 * `connections` sockets), going round `targets` (loop k starts at target k)
 * until stopped, or until a request sent after the signal gets no answer (the
 * server is gone: its listener refuses).
 */
export function startDrainLoad(
  base: string,
  targets: Target[],
  clock: SignalClock,
  options: { connections: number },
): DrainLoad {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const probes: Probe[] = [];
  let stopped = false;
  let waiting = options.connections;
  let allConnected = () => {};
  const connected = new Promise<void>((resolve) => {
    allConnected = resolve;
  });
  const loop = async (start: number) => {
    let first = true;
    for (let i = start; !stopped; i += 1) {
      const target = targets[i % targets.length];
      if (!target) return;
      const result = await probe(base, agent, clock, {
        label: target.kind,
        path: target.path,
        headers: target.headers,
      });
      probes.push(result);
      if (first && result.ending.kind === 'complete') {
        first = false;
        waiting -= 1;
        if (waiting === 0) allConnected();
      }
      if (clock.sent && result.ending.kind === 'no answer') return;
    }
  };
  const finished = Promise.all(Array.from({ length: options.connections }, (_, k) => loop(k))).then(
    () => agent.destroy(),
  );
  return {
    probes,
    connected,
    stop: () => {
      stopped = true;
    },
    finished,
  };
}

/**
 * Resolves once a new connection to `port` is refused (the server has closed its
 * listener: its close has begun), answering how long that took; rejects after
 * `timeoutMs`.
 */
export async function waitUntilRefused(port: number, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', (error: NodeJS.ErrnoException) =>
        resolve(error.code === 'ECONNREFUSED'),
      );
    });
    if (refused) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`port ${port} still accepts connections after ${timeoutMs} ms`);
}
