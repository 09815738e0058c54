import { Worker } from 'node:worker_threads';

/** What the decoder answers: the picture as RGBA, or why there is none. */
export type HeicDecoding =
  | { width: number; height: number; pixels: Buffer }
  | { error: 'corrupt' | 'tooManyPixels' | 'tooSlow' };

type WorkerAnswer =
  | { width: number; height: number; pixels: Uint8ClampedArray }
  | { error: 'corrupt' | 'tooManyPixels' };

const workerFile = new URL('./heic-worker.mjs', import.meta.url);

/** One decode at a time: each may hold a few hundred MB until its worker ends. */
let queue: Promise<unknown> = Promise.resolve();

function decodeInWorker(
  input: Buffer,
  limits: { maxPixels: number; timeoutMs: number },
): Promise<HeicDecoding> {
  return new Promise((resolve) => {
    const worker = new Worker(workerFile, {
      workerData: { input, maxPixels: limits.maxPixels },
      // libheif writes its failures to the console: the answer says enough.
      stdout: true,
      stderr: true,
    });
    worker.stdout.resume();
    worker.stderr.resume();
    let settled = false;
    const settle = (result: HeicDecoding) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(result);
    };
    const timer = setTimeout(() => settle({ error: 'tooSlow' }), limits.timeoutMs);
    worker.once('message', (message: WorkerAnswer) => {
      if ('error' in message) return settle(message);
      const { width, height, pixels } = message;
      settle({ width, height, pixels: Buffer.from(pixels.buffer, 0, pixels.byteLength) });
    });
    // A worker that fails or ends without an answer (out of memory) read nothing usable.
    worker.once('error', () => settle({ error: 'corrupt' }));
    worker.once('exit', () => settle({ error: 'corrupt' }));
  });
}

/**
 * HEIC to RGBA pixels (heic-worker.mjs): the picture's size is checked against
 * `maxPixels` before its pixels exist, and a decode past `timeoutMs` is stopped.
 */
export function decodeHeic(
  input: Buffer,
  limits: { maxPixels: number; timeoutMs: number },
): Promise<HeicDecoding> {
  const result = queue.then(() => decodeInWorker(input, limits));
  queue = result.catch(() => undefined);
  return result;
}
