// One autocannon run of GET requests and the figures a page benchmark reports.
import autocannon from 'autocannon';
import { onInterrupt, state } from './run.mjs';

let current = null;
onInterrupt(() => current?.stop());

/**
 * GETs `paths` (taken in turn, one path is the same page every time) on `base`
 * with the given Host header. Answers' bodies are not collected: reading them
 * in the bench would cost the load generator CPU on every request; the status
 * codes are counted instead.
 */
export async function loadGet(base, { label, host, paths, connections, duration }) {
  let turn = 0;
  const instance = autocannon({
    url: base,
    connections,
    duration,
    headers: { host },
    requests: [
      {
        method: 'GET',
        path: paths[0],
        ...(paths.length > 1 && {
          setupRequest(request) {
            turn += 1;
            return { ...request, path: paths[turn % paths.length] };
          },
        }),
      },
    ],
  });
  current = instance;
  const result = await instance;
  current = null;
  if (state.interrupted) throw new Error('interrupted');
  const answered = Object.values(result.statusCodeStats).reduce((sum, s) => sum + s.count, 0);
  return {
    label,
    connections,
    duration,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    bytesPerSecond: result.throughput.average,
    answered,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count]),
    ),
  };
}

/** Every answer must be 2xx, with no socket errors or timeouts: else the figures are of failures. */
export function assertAllOk(result) {
  if (result.non2xx === 0 && result.errors === 0 && result.timeouts === 0 && result.ok > 0) return;
  throw new Error(
    `${result.label}: ${result.ok} answers 2xx, ${result.non2xx} not ` +
      `(status codes ${JSON.stringify(result.statusCodes)}), ${result.errors} errors, ` +
      `${result.timeouts} timeouts: a page benchmark counts only pages served`,
  );
}
