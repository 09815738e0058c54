export type DependencyState = 'ok' | 'down';

/** What a probe answered in time, or why it did not. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** Thrown in place of an answer that did not come within the time given. */
export class NoAnswerError extends Error {
  override name = 'NoAnswerError';
  constructor(readonly timeoutMs: number) {
    super(`no answer within ${timeoutMs} ms`);
  }
}

/**
 * The probe's answer if it resolves within `timeoutMs`; its error when it rejects
 * (a probe that throws at once too), a NoAnswerError when it takes longer. Never
 * rejects, never waits past the time.
 */
export async function settle<T>(probe: () => Promise<T>, timeoutMs: number): Promise<Settled<T>> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Settled<T>>((resolve) => {
    timer = setTimeout(
      () => resolve({ ok: false, error: new NoAnswerError(timeoutMs) }),
      timeoutMs,
    );
  });
  const answered = Promise.resolve()
    .then(probe)
    .then(
      (value): Settled<T> => ({ ok: true, value }),
      (error: unknown): Settled<T> => ({ ok: false, error }),
    );
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** `ok` when the probe resolves within `timeoutMs`; `down` when it rejects or takes longer. */
export async function stateOf(
  probe: () => Promise<void>,
  timeoutMs: number,
): Promise<DependencyState> {
  return (await settle(probe, timeoutMs)).ok ? 'ok' : 'down';
}
