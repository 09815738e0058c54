import autocannon, { type AutocannonRequest } from 'autocannon';
import type { Seeded } from './seed.js';

/** What the load asks for: the public pages, My Posts and the payment status. */
export type TargetKind = 'city page' | 'ad page' | 'my posts' | 'payment status';

export interface Target {
  kind: TargetKind;
  path: string;
  headers: Record<string, string>;
}

/**
 * The mix, one round: per advertiser its city's page, one of its public ads'
 * details page (on the city host, as a visitor asks), its My Posts and its
 * order's status (with its session). Half public pages, a quarter each of the
 * signed-in reads.
 */
export function targetsOf(seeded: Seeded, port: number): Target[] {
  const app = `127.0.0.1:${port}`;
  return seeded.advertisers.flatMap((a, i): Target[] => {
    const cityHost = `${a.city}.localhost:${port}`;
    const adId = a.publicAdIds[i % a.publicAdIds.length] ?? a.publicAdIds[0] ?? '';
    return [
      { kind: 'city page', path: '/', headers: { host: cityHost } },
      { kind: 'ad page', path: `/ads/details/${adId}`, headers: { host: cityHost } },
      { kind: 'my posts', path: '/api/posts', headers: { host: app, session: a.session } },
      {
        kind: 'payment status',
        path: `/payment/status/BTC/${a.order.adId}/${a.order.address}`,
        headers: { host: app, session: a.session },
      },
    ];
  });
}

export interface LoadSummary {
  seconds: number;
  connections: number;
  requests: number;
  /** Answers by kind of request, then by status code. */
  byKind: Record<string, Record<string, number>>;
  errors: number;
  /** The distinct socket errors autocannon met, with their counts. */
  errorMessages: Record<string, number>;
  timeouts: number;
  /** Answers that are neither 2xx nor 304. */
  notOk: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
}

const isOk = (status: number) => (status >= 200 && status < 300) || status === 304;

/**
 * `connections` keep-alive connections for `seconds`, each going round the
 * targets in order, counting each answer by kind and status.
 */
export async function runMixedLoad(
  base: string,
  targets: Target[],
  options: { seconds: number; connections: number },
): Promise<LoadSummary> {
  const byKind: Record<string, Record<string, number>> = {};
  let notOk = 0;
  const count = (kind: string, status: number) => {
    const row = (byKind[kind] ??= {});
    row[status] = (row[status] ?? 0) + 1;
    if (!isOk(status)) notOk += 1;
  };
  const requests: AutocannonRequest[] = targets.map((t) => ({
    method: 'GET',
    path: t.path,
    headers: t.headers,
    onResponse: (status) => count(t.kind, status),
  }));
  const errorMessages: Record<string, number> = {};
  const instance = autocannon({
    url: base,
    connections: options.connections,
    duration: options.seconds,
    timeout: 30,
    requests,
  });
  instance.on('reqError', (error) => {
    const key = error.message.slice(0, 120);
    errorMessages[key] = (errorMessages[key] ?? 0) + 1;
  });
  const result = await instance;
  const answered = Object.values(result.statusCodeStats).reduce((sum, s) => sum + s.count, 0);
  return {
    seconds: options.seconds,
    connections: options.connections,
    requests: answered,
    byKind,
    errors: result.errors,
    errorMessages,
    timeouts: result.timeouts,
    notOk,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
  };
}

/** One line: requests, per kind counts, errors, timeouts, non-2xx/304, latency. */
export function summaryLine(s: LoadSummary): string {
  const kinds = Object.entries(s.byKind)
    .map(([kind, codes]) => {
      const total = Object.values(codes).reduce((a, b) => a + b, 0);
      const others = Object.entries(codes)
        .filter(([code]) => !isOk(Number(code)))
        .map(([code, n]) => ` ${code}×${n}`)
        .join('');
      return `${kind} ${total}${others}`;
    })
    .join(', ');
  return (
    `load: ${s.seconds} s, ${s.connections} connections: ${s.requests} requests ` +
    `(${Math.round(s.rps)}/s; ${kinds}), errors ${s.errors}, timeouts ${s.timeouts}, ` +
    `non-2xx/304 ${s.notOk}, latency p50 ${s.p50} ms, p99 ${s.p99} ms, max ${s.max} ms`
  );
}
