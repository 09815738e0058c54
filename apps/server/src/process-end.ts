/**
 * How a server process ends: whatever ends it (a signal, the process that
 * started it going away, an error nothing caught) stops it the same way, the
 * embedded database last, and a closed output never ends it.
 */

/** What of `process` this needs (a test passes an EventEmitter of its own). */
export interface EndingProcess {
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  exit(code: number): void;
}

/** A stream the process writes its log to: stdout, stderr. */
interface Output {
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/**
 * Writing to a pipe or terminal nobody reads any more (`npm start | tee log` with
 * `tee` gone, a closed terminal: EPIPE, EIO) must not end the server: the
 * error is dropped, as the line is, and the server goes on serving.
 */
export function keepRunningWithoutOutput(outputs: readonly Output[]): void {
  for (const output of outputs) output.on('error', () => undefined);
}

export interface EndOptions {
  /** Says why it stops (stderr), and an error nothing caught, with its stack. */
  say: (line: string) => void;
  /** A stop taking longer than this ends the process anyway (exit 1). Default 25 s. */
  deadlineMs?: number;
}

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * SIGINT (Ctrl-C), SIGTERM (a process manager), SIGHUP (its terminal closed) and
 * the end of the IPC channel to the process that started it (`npm start`'s
 * script, killed even with SIGKILL) stop the server and exit 0. An uncaught
 * error or an unhandled rejection is said, then stops it the same way and exits 1.
 * Once stopping, a second signal is ignored and a further error only said.
 * The embedded database is also stopped when the process exits by any other
 * way (db/embedded-postgres.ts), so this deadline never leaves it running.
 */
export function stopOnEveryEnd(
  proc: EndingProcess,
  stop: () => Promise<void>,
  options: EndOptions,
): void {
  let stopping = false;
  const end = (why: string, code: number) => {
    if (stopping) return;
    stopping = true;
    options.say(`${why}, stopping`);
    const deadlineMs = options.deadlineMs ?? 25_000;
    const late = setTimeout(() => {
      options.say(`still stopping after ${Math.round(deadlineMs / 1000)} s: exiting`);
      proc.exit(1);
    }, deadlineMs);
    late.unref();
    stop().then(
      () => {
        clearTimeout(late);
        proc.exit(code);
      },
      (error: unknown) => {
        clearTimeout(late);
        options.say(`error while stopping: ${describe(error)}`);
        proc.exit(1);
      },
    );
  };
  for (const signal of STOP_SIGNALS) proc.on(signal, () => end(`${signal} received`, 0));
  proc.on('disconnect', () => end('the process that started it went away', 0));
  const failed = (what: string) => (error: unknown) => {
    if (stopping) options.say(`${what} while stopping: ${describe(error)}`);
    else {
      options.say(`${what}: ${describe(error)}`);
      end(what, 1);
    }
  };
  proc.on('uncaughtException', failed('uncaught error'));
  proc.on('unhandledRejection', failed('unhandled rejection'));
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
