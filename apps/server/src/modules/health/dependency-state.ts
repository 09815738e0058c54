export type DependencyState = 'ok' | 'down';

/** `ok` when the probe resolves within `timeoutMs`; `down` when it rejects or takes longer. */
export async function stateOf(
  probe: () => Promise<void>,
  timeoutMs: number,
): Promise<DependencyState> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<DependencyState>((resolve) => {
    timer = setTimeout(() => resolve('down'), timeoutMs);
  });
  // A probe that throws at once counts as a rejection too.
  const answered = Promise.resolve()
    .then(probe)
    .then(
      (): DependencyState => 'ok',
      (): DependencyState => 'down',
    );
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}
