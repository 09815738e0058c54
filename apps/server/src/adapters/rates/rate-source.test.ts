import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createFixedRateSource,
  createProviderRateSource,
  createRateSource,
  RateUnavailableError,
} from './index.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A rate provider on 127.0.0.1 whose answer each test sets. */
let handler: Handler;
let requests: URL[];
let baseUrl: string;
const server = createServer((req, res) => {
  requests.push(new URL(req.url ?? '/', 'http://127.0.0.1'));
  handler(req, res);
});
const json =
  (status: number, body: unknown): Handler =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  requests = [];
  handler = json(200, { rate: 61234.56 });
});

/** A clock the test moves by hand. */
function clock(start = Date.parse('2025-01-01T00:00:00Z')) {
  let ms = start;
  return { now: () => ms, advance: (by: number) => (ms += by) };
}

describe('fixed rate source', () => {
  it('answers its rate for any currency, marked fixed', async () => {
    const at = new Date('2025-01-01T00:00:00Z');
    const source = createFixedRateSource(60000, () => at);
    expect(await source.current('USD')).toEqual({ rate: 60000, source: 'fixed', at });
    expect((await source.current('EUR')).rate).toBe(60000);
    await expect(source.current('usd')).rejects.toThrow(RangeError);
    expect(() => createFixedRateSource(0)).toThrow(RangeError);
  });

  it('is what fixed settings make', async () => {
    const source = createRateSource({ kind: 'fixed', value: 45000 });
    expect(await source.current('USD')).toMatchObject({ rate: 45000, source: 'fixed' });
  });
});

describe('provider rate source (local HTTP provider)', () => {
  it('asks GET {url}?currency=… and answers the rate, marked provider', async () => {
    const t = clock();
    const source = createProviderRateSource({
      url: `${baseUrl}/rate?key=k`,
      fallback: 50000,
      now: t.now,
    });
    expect(await source.current('USD')).toEqual({
      rate: 61234.56,
      source: 'provider',
      at: new Date(t.now()),
    });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.pathname).toBe('/rate');
    expect(requests[0]?.searchParams.get('currency')).toBe('USD');
    expect(requests[0]?.searchParams.get('key')).toBe('k');
  });

  it('keeps a rate for 60 s per currency, then asks again', async () => {
    const t = clock();
    const source = createProviderRateSource({ url: baseUrl, fallback: 50000, now: t.now });
    const first = await source.current('USD');
    t.advance(59_000);
    handler = json(200, { rate: 62000 });
    expect(await source.current('USD')).toEqual(first);
    expect(requests).toHaveLength(1);
    expect((await source.current('CAD')).rate).toBe(62000);
    expect(requests).toHaveLength(2);
    t.advance(1_000);
    const later = await source.current('USD');
    expect(later.rate).toBe(62000);
    expect(later.at).toEqual(new Date(t.now()));
    expect(requests).toHaveLength(3);
  });

  it('shares one request among concurrent callers', async () => {
    handler = (_req, res) => {
      setTimeout(() => json(200, { rate: 60000 })(_req, res), 50);
    };
    const source = createProviderRateSource({ url: baseUrl, fallback: 50000 });
    const rates = await Promise.all([1, 2, 3, 4].map(() => source.current('USD')));
    expect(rates.map((r) => r.rate)).toEqual([60000, 60000, 60000, 60000]);
    expect(requests).toHaveLength(1);
  });

  it('rounds the rate to the cent', async () => {
    handler = json(200, { rate: 61234.5678, currency: 'USD' });
    const source = createProviderRateSource({ url: baseUrl, fallback: undefined });
    expect((await source.current('USD')).rate).toBe(61234.57);
  });

  it.each<[string, Handler]>([
    ['an HTTP error', json(500, { error: 'down' })],
    ['a body that is not JSON', (_req, res) => res.end('<html>')],
    ['a rate that is a string', json(200, { rate: '60000' })],
    ['a negative rate', json(200, { rate: -1 })],
    ['a rate below a cent', json(200, { rate: 0.001 })],
    ['another shape', json(200, { data: { amount: 60000 } })],
  ])('gives the fallback on %s, and tells of the failure', async (_what, bad) => {
    handler = bad;
    const errors: Error[] = [];
    const t = clock();
    const source = createProviderRateSource({
      url: baseUrl,
      fallback: 55000,
      now: t.now,
      onError: (error) => errors.push(error),
    });
    expect(await source.current('USD')).toEqual({
      rate: 55000,
      source: 'fallback',
      at: new Date(t.now()),
    });
    expect(errors).toHaveLength(1);
  });

  it('gives the fallback when the provider does not answer within the timeout', async () => {
    handler = () => undefined; // never answers
    const source = createProviderRateSource({ url: baseUrl, fallback: 55000, timeoutMs: 100 });
    const started = Date.now();
    expect(await source.current('USD')).toMatchObject({ rate: 55000, source: 'fallback' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('gives the fallback when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const source = createProviderRateSource({ url: `http://127.0.0.1:${port}`, fallback: 55000 });
    expect(await source.current('USD')).toMatchObject({ rate: 55000, source: 'fallback' });
  });

  it('leaves a failed provider alone for 15 s, then asks it again', async () => {
    handler = json(503, {});
    const t = clock();
    const source = createProviderRateSource({ url: baseUrl, fallback: 55000, now: t.now });
    expect((await source.current('USD')).source).toBe('fallback');
    handler = json(200, { rate: 60000 });
    t.advance(14_000);
    expect((await source.current('USD')).source).toBe('fallback');
    expect(requests).toHaveLength(1);
    t.advance(1_000);
    expect(await source.current('USD')).toMatchObject({ rate: 60000, source: 'provider' });
    expect(requests).toHaveLength(2);
  });

  it('throws RateUnavailableError when the provider fails and no fallback is set', async () => {
    handler = json(500, {});
    const source = createRateSource({ kind: 'provider', url: baseUrl, fallback: undefined });
    await expect(source.current('USD')).rejects.toBeInstanceOf(RateUnavailableError);
  });

  it('refuses a currency that is not an ISO code without asking', async () => {
    const source = createProviderRateSource({ url: baseUrl, fallback: 55000 });
    await expect(source.current('US D')).rejects.toThrow(RangeError);
    expect(requests).toHaveLength(0);
  });
});
