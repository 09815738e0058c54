// One autocannon run of GET requests and the figures a page benchmark reports.
import autocannon from 'autocannon';
import { onInterrupt, state } from './run.mjs';

let current = null;
onInterrupt(() => current?.stop());

/**
 * GETs `targets` (`{ path, host, headers? }`, taken in turn; one target is the same page
 * every time). Answers' bodies are not collected: reading them in the bench would
 * cost the load generator CPU on every request; the status codes are counted.
 */
export async function loadGet(base, { label, targets, connections, duration }) {
  let turn = 0;
  const instance = autocannon({
    url: base,
    connections,
    duration,
    headers: { host: targets[0].host, ...targets[0].headers },
    requests: [
      {
        method: 'GET',
        path: targets[0].path,
        ...(targets.length > 1 && {
          setupRequest(request) {
            turn += 1;
            const { path, host, headers } = targets[turn % targets.length];
            return { ...request, path, headers: { ...request.headers, host, ...headers } };
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

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * Rounds of one run as one row: medians of requests/s, p50, p99 and throughput
 * (each on its own), with the range of requests/s and p99; counts are summed.
 * On a shared machine a median of a few rounds is steadier than any one.
 */
export function combineRounds(rounds) {
  const pick = (key) => rounds.map((r) => r[key]);
  const sum = (key) => pick(key).reduce((a, b) => a + b, 0);
  return {
    label: rounds[0].label,
    connections: rounds[0].connections,
    duration: rounds[0].duration,
    rounds: rounds.length,
    rps: median(pick('rps')),
    rpsRange: [Math.min(...pick('rps')), Math.max(...pick('rps'))],
    p50: median(pick('p50')),
    p99: median(pick('p99')),
    p99Range: [Math.min(...pick('p99')), Math.max(...pick('p99'))],
    max: Math.max(...pick('max')),
    bytesPerSecond: median(pick('bytesPerSecond')),
    answered: sum('answered'),
    ok: sum('ok'),
    non2xx: sum('non2xx'),
    errors: sum('errors'),
    timeouts: sum('timeouts'),
  };
}
