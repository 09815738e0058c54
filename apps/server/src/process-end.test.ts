import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepRunningWithoutOutput, stopOnEveryEnd } from './process-end.js';

/** A process as stopOnEveryEnd sees it: its events, and the exit it asks for. */
function fakeProcess() {
  const emitter = new EventEmitter();
  const exits: number[] = [];
  let exited: (code: number) => void = () => undefined;
  const exit = new Promise<number>((resolve) => (exited = resolve));
  const proc = {
    on: (event: string, listener: (...args: unknown[]) => void) => emitter.on(event, listener),
    exit: (code: number) => {
      exits.push(code);
      exited(code);
    },
  };
  return { emitter, proc, exits, exit };
}

function setUp(stop: () => Promise<void> = async () => undefined) {
  const fake = fakeProcess();
  const said: string[] = [];
  const stops = vi.fn(stop);
  stopOnEveryEnd(fake.proc, stops, { say: (line) => said.push(line) });
  return { ...fake, said, stops };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('what ends a server process', () => {
  it.each(['SIGINT', 'SIGTERM', 'SIGHUP'])('%s stops it, once, and it exits 0', async (signal) => {
    const { emitter, exit, exits, said, stops } = setUp();
    emitter.emit(signal);
    emitter.emit(signal);
    expect(await exit).toBe(0);
    expect(stops).toHaveBeenCalledTimes(1);
    expect(exits).toEqual([0]);
    expect(said).toEqual([`${signal} received, stopping`]);
  });

  it('the end of the channel to the process that started it stops it', async () => {
    const { emitter, exit, stops, said } = setUp();
    emitter.emit('disconnect');
    expect(await exit).toBe(0);
    expect(stops).toHaveBeenCalledTimes(1);
    expect(said).toEqual(['the process that started it went away, stopping']);
  });

  it.each([
    ['uncaughtException', 'uncaught error'],
    ['unhandledRejection', 'unhandled rejection'],
  ])('%s is said with its stack, then stops it, and it exits 1', async (event, what) => {
    const { emitter, exit, stops, said } = setUp();
    emitter.emit(event, new Error('nobody caught this'));
    expect(await exit).toBe(1);
    expect(stops).toHaveBeenCalledTimes(1);
    expect(said[0]).toMatch(new RegExp(`^${what}: Error: nobody caught this\\n\\s+at `));
    expect(said[1]).toBe(`${what}, stopping`);
  });

  it('an error while it stops is said, and the stop goes on', async () => {
    let finish: () => void = () => undefined;
    const { emitter, exit, exits, stops, said } = setUp(
      () => new Promise<void>((resolve) => (finish = resolve)),
    );
    emitter.emit('SIGTERM');
    emitter.emit('uncaughtException', new Error('late'));
    expect(said[1]).toMatch(/^uncaught error while stopping: Error: late/);
    expect(exits).toEqual([]);
    finish();
    expect(await exit).toBe(0);
    expect(stops).toHaveBeenCalledTimes(1);
  });

  it('a stop that fails exits 1 and says why', async () => {
    const { emitter, exit, said } = setUp(() => Promise.reject(new Error('pool closed')));
    emitter.emit('SIGTERM');
    expect(await exit).toBe(1);
    expect(said.at(-1)).toMatch(/^error while stopping: Error: pool closed/);
  });

  it('a stop that never ends exits 1 at the deadline', async () => {
    vi.useFakeTimers();
    const fake = fakeProcess();
    const said: string[] = [];
    stopOnEveryEnd(fake.proc, () => new Promise<void>(() => undefined), {
      say: (line) => said.push(line),
      deadlineMs: 25_000,
    });
    fake.emitter.emit('SIGTERM');
    await vi.advanceTimersByTimeAsync(24_999);
    expect(fake.exits).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.exits).toEqual([1]);
    expect(said.at(-1)).toBe('still stopping after 25 s: exiting');
  });
});

describe('output nobody reads', () => {
  it('does not end the process: a write error on stdout or stderr is dropped', () => {
    const stdout = new EventEmitter();
    const stderr = new EventEmitter();
    keepRunningWithoutOutput([stdout, stderr]);
    const epipe = Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
    expect(() => stdout.emit('error', epipe)).not.toThrow();
    expect(() => stderr.emit('error', epipe)).not.toThrow();
  });
});
