import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** A file as the manifest lists it. */
export interface FileDigest {
  size: number;
  sha256: string;
}

export function digestOf(data: Buffer): FileDigest {
  return { size: data.length, sha256: createHash('sha256').update(data).digest('hex') };
}

/** The digest of a file of this machine, read as a stream (a dump may be large). */
export async function digestOfFile(file: string): Promise<FileDigest> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file)) {
    const bytes = chunk as Buffer;
    size += bytes.length;
    hash.update(bytes);
  }
  return { size, sha256: hash.digest('hex') };
}

/** Photo files are copied a few at a time: a bucket answers each in tens of milliseconds. */
export const COPY_LANES = 8;

/** Runs `work` on every item, `lanes` at a time; the first failure stops the others' next items. */
export async function inLanes<T>(
  items: readonly T[],
  lanes: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  const queue = items.values();
  let failed = false;
  const lane = async () => {
    for (let step = queue.next(); !step.done && !failed; step = queue.next()) {
      try {
        await work(step.value);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
}
