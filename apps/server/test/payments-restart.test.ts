import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/db/embedded-postgres.js';
import { adForm } from './support/ads.js';
import { moneyCheckSql, satsOf } from './support/payments.js';
import {
  bundleServer,
  startServerProcess,
  stopServerProcess,
  waitReady,
  type ServerProcess,
} from './support/server-process.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

/*
 * Issue 24.1: a VIP ad paid on the built-in fake chain, then the server restarted.
 * The local demo must behave like a chain (what was paid is still there), and an
 * order whose money was applied is never payable again: the renewal opens a new one.
 */

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

describe('a paid order across a server restart (built-in fake chain)', () => {
  let bundle: { main: string; dir: string };
  let database: TestDatabase;
  let dataDir: string;
  let port: number;
  let server: ServerProcess | null = null;

  beforeAll(async () => {
    bundle = await bundleServer('payments-restart');
    database = await createTestDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'adboard-pay-restart-'));
    port = await freePort();
  }, 120_000);

  afterAll(async () => {
    if (server) await stopServerProcess(server);
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    if (bundle) await rm(bundle.dir, { recursive: true, force: true });
  }, 60_000);

  // No ESPLORA_URL: the server starts its own fake chain, as `npm start` does.
  const start = async (): Promise<ServerProcess> => {
    const started = startServerProcess(bundle.main, port, {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      BTC_FIXED_RATE: '60000',
    });
    server = started;
    await waitReady(started);
    return started;
  };

  async function send(
    method: string,
    pathname: string,
    init: { headers?: Record<string, string>; json?: unknown } = {},
  ): Promise<Answer> {
    const res = await fetch(`http://127.0.0.1:${port}${pathname}`, {
      method,
      headers: {
        ...init.headers,
        ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  it('keeps the payment on the chain and the order complete; the renewal gets a new address', async () => {
    let running = await start();
    const created = await send('POST', '/api/posts', {
      json: { ...adForm, type: 'paid', email: 'restart-payer@example.com' },
    });
    expect(created.status).toBe(200);
    const adId = String(created.body.post_id);
    const ad = { 'edit-token': String(created.body.token) };

    const issued = await send('GET', `/payment/address/BTC/${adId}/paid/DAYS_30`, {
      headers: { ...ad, 'idempotency-key': 'restart-first-order' },
    });
    expect(issued.status).toBe(200);
    const address = String(issued.body.address);
    const amount = String(issued.body.amountCrypto);
    const paid = await send('POST', '/dev/chain/pay', {
      json: { address, sats: Number(satsOf(amount)), confirmed: true },
    });
    expect(paid.status).toBe(200);

    const check = () =>
      send('POST', `/payment/status/BTC/${adId}/${address}`, {
        headers: ad,
        json: { status: 'assigned' },
      });
    const before = await check();
    expect(before.body).toMatchObject({ status: 'complete', receivedCrypto: amount });

    await stopServerProcess(running);
    running = await start();

    // The chain still shows the payment; the order stays complete with its money.
    const after = await check();
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ status: 'complete', receivedCrypto: amount });
    const polled = await send('GET', `/payment/status/BTC/${adId}/${address}`, {
      headers: ad,
    });
    expect(polled.body).toMatchObject({ status: 'complete', receivedCrypto: amount });

    // Nothing is open: the payment page offers durations, not the paid address.
    const open = await send('GET', `/payment/order/BTC/${adId}`, { headers: ad });
    expect(open.status).toBe(200);
    expect(open.body).toEqual({ order: null });
    const renewal = await send('GET', `/payment/address/BTC/${adId}/paid/DAYS_30`, {
      headers: { ...ad, 'idempotency-key': 'restart-renewal' },
    });
    expect(renewal.status).toBe(200);
    expect(renewal.body.address).not.toBe(address);
    expect(renewal.body.status).toBe('assigned');

    // The money check of docs/operations.md: nothing to look at.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query(moneyCheckSql);
    await client.end();
    expect(rows).toEqual([]);
  }, 240_000);
});
