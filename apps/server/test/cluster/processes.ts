import type { ChildProcess } from 'node:child_process';

/** SIGTERM, then SIGKILL when the child is still there after `graceMs`. */
export async function stopChild(
  child: ChildProcess,
  exited: Promise<unknown>,
  graceMs: number,
): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), graceMs);
  });
  const outcome = await Promise.race([exited, late]);
  clearTimeout(timer);
  if (outcome === 'late') {
    child.kill('SIGKILL');
    await exited;
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Asks `read` again every `everyMs` until `done` says so or `timeoutMs` passed; answers the last value. */
export async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  options: { timeoutMs: number; everyMs?: number },
): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await sleep(options.everyMs ?? 100);
    value = await read();
  }
  return value;
}
