import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ChainRateLimitedError,
  ChainUnavailableError,
  type ChainOutput,
  type ChainSource,
} from './chain-source.js';
import { createEsploraChainSource, parseRetryAfter } from './esplora-chain-source.js';
import { startFakeEsplora, type FakeEsplora } from './fake-esplora-server.js';

const payee = 'tb1qe2tczyk2rw7u47kzxxee5g7ufkncdmlcta4z69';
const other = 'tb1q8c37s9sq89v55vuffajkfcd3xj9m67sqlw8pc5';
const third = 'tb1q9e7jcqaf2pawye0v7k6n26y955ee8gszp8mmnp';

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('the call succeeded');
}

const total = (outputs: ChainOutput[]): bigint => outputs.reduce((sum, o) => sum + o.sats, 0n);

describe('Esplora chain source against the fake Esplora', () => {
  let fake: FakeEsplora;
  let chain: ChainSource;
  beforeEach(async () => {
    fake = await startFakeEsplora();
    chain = createEsploraChainSource({ baseUrl: `${fake.url}/` });
  });
  afterEach(async () => {
    await fake.close();
  });

  it('reads the tip height, and follows mining', async () => {
    expect(await chain.tipHeight()).toBe(100);
    fake.mine(3);
    expect(await chain.tipHeight()).toBe(103);
    expect(fake.tipHeight()).toBe(103);
  });

  it('sees a broadcast payment unconfirmed, then confirmed at the block height', async () => {
    expect(await chain.addressOutputs(payee)).toEqual([]);
    const txid = fake.pay(payee, 50_000);
    expect(txid).toMatch(/^[0-9a-f]{64}$/);
    expect(await chain.addressOutputs(payee)).toEqual([
      { txid, vout: 0, sats: 50_000n, confirmed: false, blockHeight: null },
    ]);
    expect(await chain.txStatus(txid)).toEqual({
      found: true,
      confirmed: false,
      blockHeight: null,
    });

    fake.mine();
    expect(await chain.addressOutputs(payee)).toEqual([
      { txid, vout: 0, sats: 50_000n, confirmed: true, blockHeight: 101 },
    ]);
    expect(await chain.txStatus(txid)).toEqual({ found: true, confirmed: true, blockHeight: 101 });
  });

  it('takes a payment confirmed at once, in a block of its own', async () => {
    const waiting = fake.pay(payee, 1_000);
    const txid = fake.pay(payee, 2_000, { confirmed: true });
    expect(fake.tipHeight()).toBe(101);
    const outputs = await chain.addressOutputs(payee);
    expect(outputs).toEqual(
      expect.arrayContaining([
        { txid, vout: 0, sats: 2_000n, confirmed: true, blockHeight: 101 },
        { txid: waiting, vout: 0, sats: 1_000n, confirmed: false, blockHeight: null },
      ]),
    );
    expect(outputs).toHaveLength(2);
  });

  it('returns every output paying the address, one per outpoint, for the caller to sum', async () => {
    const split = fake.payMany([
      { address: payee, sats: 30_000n },
      { address: other, sats: 99_999n },
      { address: payee, sats: 20_000n },
    ]);
    fake.mine();
    const topUp = fake.pay(payee, 5_000n);
    const elsewhere = fake.pay(other, 70_000);

    const outputs = await chain.addressOutputs(payee);
    expect(outputs).toHaveLength(3);
    expect(outputs).toEqual(
      expect.arrayContaining([
        { txid: split, vout: 0, sats: 30_000n, confirmed: true, blockHeight: 101 },
        { txid: split, vout: 2, sats: 20_000n, confirmed: true, blockHeight: 101 },
        { txid: topUp, vout: 0, sats: 5_000n, confirmed: false, blockHeight: null },
      ]),
    );
    expect(total(outputs)).toBe(55_000n);
    expect(outputs.some((o) => o.txid === elsewhere)).toBe(false);
    expect(await chain.addressOutputs(third)).toEqual([]);
  });

  it('pages through confirmed history beyond 25 transactions', async () => {
    const txids: string[] = [];
    for (let i = 1; i <= 30; i += 1) {
      txids.push(fake.pay(payee, 1_000 * i));
      fake.mine();
    }
    const pending = fake.pay(payee, 7);
    const before = fake.requestCount();

    const outputs = await chain.addressOutputs(payee);
    // The first page holds the mempool and 25 confirmed; one /txs/chain/:last_seen page the rest.
    expect(fake.requestCount() - before).toBe(2);
    expect(outputs).toHaveLength(31);
    expect(new Set(outputs.map((o) => o.txid))).toEqual(new Set([...txids, pending]));
    expect(total(outputs)).toBe(465_007n);
    const oldest = outputs.find((o) => o.txid === txids[0]);
    expect(oldest).toEqual({
      txid: txids[0],
      vout: 0,
      sats: 1_000n,
      confirmed: true,
      blockHeight: 101,
    });
  });

  it('pages when exactly 25 confirmed transactions fill the first page', async () => {
    for (let i = 0; i < 25; i += 1) fake.pay(payee, 100);
    fake.mine();
    const before = fake.requestCount();
    const outputs = await chain.addressOutputs(payee);
    expect(outputs).toHaveLength(25);
    expect(fake.requestCount() - before).toBe(2);
  });

  it('forgets a replaced transaction and sees its replacement', async () => {
    const original = fake.pay(payee, 40_000);
    const replacement = fake.replace(original, [{ address: payee, sats: 39_000 }]);
    expect(replacement).toMatch(/^[0-9a-f]{64}$/);
    expect(replacement).not.toBe(original);

    expect(await chain.txStatus(original)).toEqual({
      found: false,
      confirmed: false,
      blockHeight: null,
    });
    expect(await chain.addressOutputs(payee)).toEqual([
      { txid: replacement, vout: 0, sats: 39_000n, confirmed: false, blockHeight: null },
    ]);
  });

  it('loses the payment when the replacement pays someone else, or nobody', async () => {
    const first = fake.pay(payee, 40_000);
    const redirected = fake.replace(first, [{ address: other, sats: 39_000 }]);
    expect(await chain.addressOutputs(payee)).toEqual([]);
    expect(await chain.addressOutputs(other)).toEqual([
      expect.objectContaining({ txid: redirected, sats: 39_000n }),
    ]);

    const second = fake.pay(payee, 10_000);
    expect(fake.replace(second)).toBeNull();
    expect(await chain.addressOutputs(payee)).toEqual([]);
    expect((await chain.txStatus(second)).found).toBe(false);
  });

  it('sees a reorganised payment unconfirmed again, then confirmed at the new height', async () => {
    const txid = fake.pay(payee, 60_000);
    fake.mine(2);
    expect(await chain.txStatus(txid)).toEqual({ found: true, confirmed: true, blockHeight: 101 });

    expect(fake.reorg(2)).toBe(100);
    expect(await chain.tipHeight()).toBe(100);
    expect(await chain.txStatus(txid)).toEqual({
      found: true,
      confirmed: false,
      blockHeight: null,
    });
    expect(await chain.addressOutputs(payee)).toEqual([
      { txid, vout: 0, sats: 60_000n, confirmed: false, blockHeight: null },
    ]);

    fake.mine(3);
    expect(await chain.txStatus(txid)).toEqual({ found: true, confirmed: true, blockHeight: 101 });
  });

  it('loses a payment whose block is reorganised away with its transactions dropped', async () => {
    const kept = fake.pay(payee, 1_000);
    fake.mine();
    const dropped = fake.pay(payee, 2_000);
    fake.mine();
    expect(fake.reorg(1, { dropTxs: true })).toBe(101);
    expect(await chain.txStatus(dropped)).toEqual({
      found: false,
      confirmed: false,
      blockHeight: null,
    });
    expect(await chain.addressOutputs(payee)).toEqual([
      { txid: kept, vout: 0, sats: 1_000n, confirmed: true, blockHeight: 101 },
    ]);
  });

  it('turns a 429 into ChainRateLimitedError with Retry-After, then answers again', async () => {
    fake.failNext(1, 429, 7);
    const error = await rejection(chain.addressOutputs(payee));
    expect(error).toBeInstanceOf(ChainRateLimitedError);
    expect((error as ChainRateLimitedError).retryAfterSeconds).toBe(7);

    fake.failNext(1, 429);
    const bare = await rejection(chain.tipHeight());
    expect(bare).toBeInstanceOf(ChainRateLimitedError);
    expect((bare as ChainRateLimitedError).retryAfterSeconds).toBeNull();

    expect(await chain.tipHeight()).toBe(100);
  });

  it('turns a 500 into ChainUnavailableError, on every call', async () => {
    fake.failNext(3, 500);
    const txid = 'a'.repeat(64);
    for (const call of [
      chain.tipHeight(),
      chain.addressOutputs(payee),
      chain.txStatus(txid),
    ] as Promise<unknown>[]) {
      const error = await rejection(call);
      expect(error).toBeInstanceOf(ChainUnavailableError);
      expect((error as ChainUnavailableError).status).toBe(500);
      expect((error as Error).message).toContain('HTTP 500');
    }
    expect(await chain.txStatus(txid)).toEqual({
      found: false,
      confirmed: false,
      blockHeight: null,
    });
  });

  it('fails a paged read when a later page fails, through the given fetch', async () => {
    for (let i = 0; i < 26; i += 1) {
      fake.pay(payee, 100);
      fake.mine();
    }
    const paths: string[] = [];
    const flaky: typeof fetch = (input, init) => {
      paths.push(new URL(String(input)).pathname);
      if (paths.length === 2) fake.failNext(1, 503);
      return fetch(input, init);
    };
    const chainWithFetch = createEsploraChainSource({ baseUrl: fake.url, fetch: flaky });
    const error = await rejection(chainWithFetch.addressOutputs(payee));
    expect(error).toBeInstanceOf(ChainUnavailableError);
    expect((error as ChainUnavailableError).status).toBe(503);
    expect(paths).toEqual([
      `/address/${payee}/txs`,
      expect.stringMatching(new RegExp(`^/address/${payee}/txs/chain/[0-9a-f]{64}$`)),
    ]);
  });

  it('refuses something that is not a txid before asking', async () => {
    const before = fake.requestCount();
    await expect(chain.txStatus('not-a-txid')).rejects.toBeInstanceOf(TypeError);
    expect(fake.requestCount()).toBe(before);
  });
});

describe('Esplora chain source against a misbehaving server', () => {
  let server: Server | null = null;
  afterEach(async () => {
    if (!server) return;
    const closing = server;
    server = null;
    closing.closeAllConnections();
    await new Promise<void>((resolve) => closing.close(() => resolve()));
  });

  async function serve(listener: RequestListener): Promise<string> {
    const started = createServer(listener);
    server = started;
    await new Promise<void>((resolve) => started.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(started.address() as AddressInfo).port}`;
  }

  const txid = 'b'.repeat(64);

  it('turns garbage JSON into ChainUnavailableError', async () => {
    const url = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('[{"txid": "abc", oops');
    });
    const chain = createEsploraChainSource({ baseUrl: url });
    const error = await rejection(chain.addressOutputs('tb1qanything'));
    expect(error).toBeInstanceOf(ChainUnavailableError);
    expect((error as Error).message).toMatch(/not JSON/);
    expect(await rejection(chain.txStatus(txid))).toBeInstanceOf(ChainUnavailableError);
  });

  it('turns JSON of the wrong shape into ChainUnavailableError', async () => {
    const url = await serve((request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      if (request.url?.includes('/status')) {
        response.end(JSON.stringify({ confirmed: true }));
      } else {
        response.end(
          JSON.stringify([
            {
              txid,
              vout: [{ scriptpubkey_address: 'x', value: '5' }],
              status: { confirmed: false },
            },
          ]),
        );
      }
    });
    const chain = createEsploraChainSource({ baseUrl: url });
    const outputs = await rejection(chain.addressOutputs('tb1qanything'));
    expect(outputs).toBeInstanceOf(ChainUnavailableError);
    expect((outputs as Error).message).toMatch(/unexpected shape.*0\.vout\.0\.value/);
    // Confirmed without a height is not a usable status.
    expect(await rejection(chain.txStatus(txid))).toBeInstanceOf(ChainUnavailableError);
  });

  it('refuses a tip height that is not a number', async () => {
    const url = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>maintenance</html>');
    });
    const error = await rejection(createEsploraChainSource({ baseUrl: url }).tipHeight());
    expect(error).toBeInstanceOf(ChainUnavailableError);
    expect((error as Error).message).toContain('not a block height');
  });

  it('takes only Esplora’s own 404 as "transaction not found"', async () => {
    const url = await serve((_request, response) => {
      response.writeHead(404, { 'content-type': 'text/html' });
      response.end('<h1>404 page not found</h1>');
    });
    const error = await rejection(createEsploraChainSource({ baseUrl: url }).txStatus(txid));
    expect(error).toBeInstanceOf(ChainUnavailableError);
    expect((error as ChainUnavailableError).status).toBe(404);
  });

  it('reads Retry-After given as an HTTP date', async () => {
    const url = await serve((_request, response) => {
      response.writeHead(429, {
        'retry-after': new Date(Date.now() + 30_000).toUTCString(),
      });
      response.end('Too Many Requests');
    });
    const error = await rejection(createEsploraChainSource({ baseUrl: url }).tipHeight());
    expect(error).toBeInstanceOf(ChainRateLimitedError);
    const seconds = (error as ChainRateLimitedError).retryAfterSeconds;
    expect(seconds).toBeGreaterThanOrEqual(28);
    expect(seconds).toBeLessThanOrEqual(31);
  });

  it('gives up after the timeout with ChainUnavailableError', async () => {
    const url = await serve(() => {
      // Never answers.
    });
    const chain = createEsploraChainSource({ baseUrl: url, timeoutMs: 200 });
    const started = Date.now();
    const error = await rejection(chain.tipHeight());
    expect(error).toBeInstanceOf(ChainUnavailableError);
    expect((error as ChainUnavailableError).status).toBeNull();
    expect((error as Error).message).toContain('no answer within 0.2 s');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('times out a body that never finishes', async () => {
    const url = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('[');
    });
    const chain = createEsploraChainSource({ baseUrl: url, timeoutMs: 200 });
    expect(await rejection(chain.addressOutputs('tb1qanything'))).toBeInstanceOf(
      ChainUnavailableError,
    );
  });

  it('reports a refused connection as ChainUnavailableError', async () => {
    const fake = await startFakeEsplora();
    const url = fake.url;
    await fake.close();
    const error = await rejection(createEsploraChainSource({ baseUrl: url }).tipHeight());
    expect(error).toBeInstanceOf(ChainUnavailableError);
    expect((error as Error).message).toMatch(/^Esplora request failed/);
  });

  it('stops when the server ignores the pagination cursor', async () => {
    const page = Array.from({ length: 25 }, (_, i) => ({
      txid: i.toString(16).padStart(64, '0'),
      vout: [{ scriptpubkey_address: 'tb1qanything', value: 1 }],
      status: { confirmed: true, block_height: 10 },
    }));
    let calls = 0;
    const url = await serve((_request, response) => {
      calls += 1;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(page));
    });
    const error = await rejection(
      createEsploraChainSource({ baseUrl: url }).addressOutputs('tb1qanything'),
    );
    expect(error).toBeInstanceOf(ChainUnavailableError);
    expect((error as Error).message).toMatch(/did not advance/);
    expect(calls).toBe(2);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates, and ignores the rest', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:01:00 GMT', now)).toBe(60);
    expect(parseRetryAfter('Tue, 31 Dec 2024 23:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});
