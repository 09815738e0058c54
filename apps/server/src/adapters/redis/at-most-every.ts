/**
 * `report`, passed on at most once per `intervalMs` however often it is called:
 * a dependency that is down fails every request, and the log should say so once
 * a minute, not once a request.
 */
export function atMostEvery<A extends unknown[]>(
  intervalMs: number,
  report: (...args: A) => void,
  now: () => number = Date.now,
): (...args: A) => void {
  let last = -Infinity;
  return (...args) => {
    const t = now();
    if (t - last < intervalMs) return;
    last = t;
    report(...args);
  };
}
