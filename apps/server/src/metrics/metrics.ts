import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/** Which call of the chain source, as a label (never its address or transaction). */
export type ChainCall = 'tip_height' | 'address_outputs' | 'tx_status';
/** How a call of the chain source ended. */
export type ChainOutcome = 'ok' | 'rate_limited' | 'unavailable' | 'error';
/** How the processing of one uploaded photo ended: stored sizes made, the file refused, or a fault. */
export type PhotoOutcome = 'processed' | 'refused' | 'failed';

/** One answered request, labelled by its route pattern, never its address. */
export interface ObservedRequest {
  route: string;
  method: string;
  status: number;
  seconds: number;
}

/**
 * What this server counts, on a registry of its own (never prom-client's global
 * one: tests run several servers in one process). The code that counts sees these
 * functions only; /metrics (metrics-server.ts) reads the registry.
 */
export interface Metrics {
  readonly registry: Registry;
  observeRequest(request: ObservedRequest): void;
  countPageCache(result: 'hit' | 'miss'): void;
  countChainCall(call: ChainCall, outcome: ChainOutcome): void;
  observePhoto(outcome: PhotoOutcome, seconds: number): void;
}

/** Seconds: an API answer takes milliseconds, a public page a few, a slow query seconds. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds: a small JPEG takes a tenth, a 50-megapixel HEIC up to its 60 s limit. */
const PHOTO_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/**
 * The instruments of one server. `defaults`: Node's own metrics too (CPU, memory,
 * event loop, garbage collection), which watch the process from then on, so only
 * a server that serves its metrics asks for them.
 */
export function createMetrics(options: { defaults: boolean }): Metrics {
  const registry = new Registry();
  if (options.defaults) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const requests = new Counter({
    name: 'adboard_http_requests_total',
    help: 'HTTP requests answered, by route pattern (unmatched: no route), method and status',
    labelNames: ['route', 'method', 'status'] as const,
    registers,
  });
  const requestSeconds = new Histogram({
    name: 'adboard_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: REQUEST_BUCKETS,
    registers,
  });
  const pageCache = new Counter({
    name: 'adboard_public_page_cache_requests_total',
    help: 'Public pages asked of the page cache: hit (served from it) or miss (rendered)',
    labelNames: ['result'] as const,
    registers,
  });
  const chainCalls = new Counter({
    name: 'adboard_chain_requests_total',
    help: 'Calls of the chain source (Esplora), by call and outcome (ok, rate_limited, unavailable, error)',
    labelNames: ['call', 'outcome'] as const,
    registers,
  });
  const photos = new Counter({
    name: 'adboard_photos_processed_total',
    help: 'Uploaded photos processed, by outcome (processed, refused, failed)',
    labelNames: ['outcome'] as const,
    registers,
  });
  const photoSeconds = new Histogram({
    name: 'adboard_photo_processing_seconds',
    help: 'Time to check and re-encode one uploaded photo, by outcome',
    labelNames: ['outcome'] as const,
    buckets: PHOTO_BUCKETS,
    registers,
  });
  return {
    registry,
    observeRequest({ route, method, status, seconds }) {
      const labels = { route, method, status: String(status) };
      requests.inc(labels);
      requestSeconds.observe(labels, seconds);
    },
    countPageCache: (result) => pageCache.inc({ result }),
    countChainCall: (call, outcome) => chainCalls.inc({ call, outcome }),
    observePhoto(outcome, seconds) {
      photos.inc({ outcome });
      photoSeconds.observe({ outcome }, seconds);
    },
  };
}
