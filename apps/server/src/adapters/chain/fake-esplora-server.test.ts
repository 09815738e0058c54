import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeEsplora, type FakeEsplora } from './fake-esplora-server.js';

const payee = 'tb1qe2tczyk2rw7u47kzxxee5g7ufkncdmlcta4z69';
const other = 'tb1q8c37s9sq89v55vuffajkfcd3xj9m67sqlw8pc5';
const hex64 = /^[0-9a-f]{64}$/;

async function getJson(url: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url);
  return { status: response.status, body: await response.json() };
}

async function post(
  url: string,
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('fake Esplora: the Esplora endpoints', () => {
  let fake: FakeEsplora;
  beforeEach(async () => {
    fake = await startFakeEsplora();
  });
  afterEach(async () => {
    await fake.close();
  });

  it('answers the tip height as plain text', async () => {
    const response = await fetch(`${fake.url}/blocks/tip/height`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe('100');
    fake.mine(2);
    expect(await (await fetch(`${fake.url}/blocks/tip/height`)).text()).toBe('102');
    expect(await (await fetch(`${fake.url}/blocks/tip/hash`)).text()).toMatch(/^0{8}[0-9a-f]{56}$/);
  });

  it('lists address history in the Esplora transaction format', async () => {
    const txid = fake.pay(payee, 12_345);
    const { status, body } = await getJson(`${fake.url}/address/${payee}/txs`);
    expect(status).toBe(200);
    expect(body).toEqual([
      {
        txid,
        version: 2,
        locktime: 0,
        vin: [
          {
            txid: expect.stringMatching(hex64) as unknown,
            vout: 0,
            prevout: {
              scriptpubkey: expect.stringMatching(/^0014[0-9a-f]{40}$/) as unknown,
              scriptpubkey_asm: expect.stringMatching(
                /^OP_0 OP_PUSHBYTES_20 [0-9a-f]{40}$/,
              ) as unknown,
              scriptpubkey_type: 'v0_p2wpkh',
              scriptpubkey_address: expect.stringMatching(/^tb1q/) as unknown,
              value: expect.any(Number) as unknown,
            },
            scriptsig: '',
            scriptsig_asm: '',
            witness: [expect.any(String), expect.stringMatching(/^02[0-9a-f]{64}$/)] as unknown,
            is_coinbase: false,
            sequence: 4294967293,
          },
        ],
        vout: [
          {
            // The real script of this testnet address.
            scriptpubkey: '0014ca978112ca1bbdcafac231b39a23dc4da786eff8',
            scriptpubkey_asm: 'OP_0 OP_PUSHBYTES_20 ca978112ca1bbdcafac231b39a23dc4da786eff8',
            scriptpubkey_type: 'v0_p2wpkh',
            scriptpubkey_address: payee,
            value: 12_345,
          },
        ],
        size: expect.any(Number) as unknown,
        weight: expect.any(Number) as unknown,
        fee: expect.any(Number) as unknown,
        status: { confirmed: false },
      },
    ]);

    fake.mine();
    const [confirmed] = (await getJson(`${fake.url}/address/${payee}/txs`)).body as {
      status: unknown;
      fee: number;
      vin: { prevout: { value: number } }[];
    }[];
    expect(confirmed?.status).toEqual({
      confirmed: true,
      block_height: 101,
      block_hash: expect.stringMatching(/^0{8}[0-9a-f]{56}$/) as unknown,
      block_time: expect.any(Number) as unknown,
    });
    expect(confirmed?.vin[0]?.prevout.value).toBe(12_345 + (confirmed?.fee ?? 0));
  });

  it('answers /tx/:txid and /tx/:txid/status, and 404 "Transaction not found" for others', async () => {
    const txid = fake.pay(payee, 1_000);
    expect((await getJson(`${fake.url}/tx/${txid}/status`)).body).toEqual({ confirmed: false });
    expect((await getJson(`${fake.url}/tx/${txid}`)).body).toMatchObject({ txid });
    fake.mine();
    expect((await getJson(`${fake.url}/tx/${txid}/status`)).body).toMatchObject({
      confirmed: true,
      block_height: 101,
    });

    const unknown = await fetch(`${fake.url}/tx/${'c'.repeat(64)}/status`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe('Transaction not found');
    const invalid = await fetch(`${fake.url}/tx/xyz/status`);
    expect(invalid.status).toBe(400);
  });

  it('sorts newest first and pages confirmed history 25 at a time', async () => {
    const txids: string[] = [];
    for (let i = 0; i < 30; i += 1) {
      txids.push(fake.pay(payee, 100 + i));
      fake.mine();
    }
    const newestFirst = [...txids].reverse();
    const pending = [fake.pay(payee, 1), fake.pay(payee, 2)];

    const first = (await getJson(`${fake.url}/address/${payee}/txs`)).body as { txid: string }[];
    expect(first.map((tx) => tx.txid)).toEqual([
      ...[...pending].reverse(),
      ...newestFirst.slice(0, 25),
    ]);

    const chain = (await getJson(`${fake.url}/address/${payee}/txs/chain`)).body as {
      txid: string;
    }[];
    expect(chain.map((tx) => tx.txid)).toEqual(newestFirst.slice(0, 25));
    const next = (await getJson(`${fake.url}/address/${payee}/txs/chain/${newestFirst[24]}`))
      .body as { txid: string }[];
    expect(next.map((tx) => tx.txid)).toEqual(newestFirst.slice(25));
    const end = (await getJson(`${fake.url}/address/${payee}/txs/chain/${newestFirst[29]}`)).body;
    expect(end).toEqual([]);

    const mempool = (await getJson(`${fake.url}/address/${payee}/txs/mempool`)).body as {
      txid: string;
    }[];
    expect(mempool.map((tx) => tx.txid)).toEqual([...pending].reverse());
  });

  it('answers address stats and an unknown address with empty history', async () => {
    fake.payMany([
      { address: payee, sats: 10 },
      { address: payee, sats: 20 },
    ]);
    fake.mine();
    fake.pay(payee, 5);
    expect((await getJson(`${fake.url}/address/${payee}`)).body).toEqual({
      address: payee,
      chain_stats: {
        funded_txo_count: 2,
        funded_txo_sum: 30,
        spent_txo_count: 0,
        spent_txo_sum: 0,
        tx_count: 1,
      },
      mempool_stats: {
        funded_txo_count: 1,
        funded_txo_sum: 5,
        spent_txo_count: 0,
        spent_txo_sum: 0,
        tx_count: 1,
      },
    });
    expect((await getJson(`${fake.url}/address/${other}/txs`)).body).toEqual([]);
    expect((await fetch(`${fake.url}/address/not%20an%20address/txs`)).status).toBe(400);
  });

  it('gives the same random-looking txids for the same calls with the same seed', async () => {
    const first = await startFakeEsplora({ seed: 'a test' });
    const twin = await startFakeEsplora({ seed: 'a test' });
    try {
      const a = [first.pay(payee, 1), first.pay(other, 2)];
      const b = [twin.pay(payee, 1), twin.pay(other, 2)];
      expect(a).toEqual(b);
      expect(a[0]).toMatch(hex64);
      expect(a[0]).not.toBe(a[1]);
    } finally {
      await Promise.all([first.close(), twin.close()]);
    }
  });

  it('never repeats a txid after a restart when no seed is given', async () => {
    const restarted = await startFakeEsplora();
    try {
      // The local site's fake chain restarts with the server: a txid it gave
      // before must not come again and be taken for the same payment.
      expect(restarted.pay(payee, 1)).not.toBe(fake.pay(payee, 1));
    } finally {
      await restarted.close();
    }
  });

  it('fails the next requests as told, counting only Esplora requests', async () => {
    const before = fake.requestCount();
    fake.failNext(2, 429, 3);
    const limited = await fetch(`${fake.url}/blocks/tip/height`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    expect(await limited.text()).toBe('Too Many Requests');
    expect((await fetch(`${fake.url}/blocks/tip/height`)).status).toBe(429);
    expect((await fetch(`${fake.url}/blocks/tip/height`)).status).toBe(200);
    await fetch(`${fake.url}/__control/state`);
    expect(fake.requestCount() - before).toBe(3);

    fake.failNext(1);
    const broken = await fetch(`${fake.url}/tx/${'d'.repeat(64)}/status`);
    expect(broken.status).toBe(500);
    expect(broken.headers.get('retry-after')).toBeNull();
  });

  it('refuses impossible control calls', () => {
    const confirmed = fake.pay(payee, 1, { confirmed: true });
    expect(() => fake.replace(confirmed)).toThrow(/confirmed/);
    expect(() => fake.replace('e'.repeat(64))).toThrow(/unknown/);
    expect(() => fake.reorg(2)).toThrow(RangeError);
    expect(() => fake.pay(payee, 0)).toThrow(RangeError);
    expect(() => fake.pay(payee, 1.5)).toThrow(RangeError);
    expect(() => fake.pay(payee, 2_100_000_000_000_001n)).toThrow(RangeError);
    expect(() => fake.pay('', 1)).toThrow(RangeError);
    expect(() => fake.payMany([])).toThrow(RangeError);
    expect(() => fake.mine(0)).toThrow(RangeError);
    expect(() => fake.failNext(1, 200)).toThrow(RangeError);
  });
});

describe('fake Esplora: the control API over HTTP', () => {
  let fake: FakeEsplora;
  beforeEach(async () => {
    fake = await startFakeEsplora({ startHeight: 2_500_000 });
  });
  afterEach(async () => {
    await fake.close();
  });

  const control = (path: string) => `${fake.url}/__control/${path}`;

  it('pays, mines, replaces and reorganises, and shows the state', async () => {
    const paid = await post(control('pay'), { address: payee, sats: 25_000 });
    expect(paid.status).toBe(200);
    const txid = paid.body.txid as string;
    expect(txid).toMatch(hex64);
    expect(paid.body.tipHeight).toBe(2_500_000);

    const replaced = await post(control('replace'), {
      txid,
      outputs: [{ address: payee, sats: '24000' }],
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.replaced).toBe(txid);
    const replacement = replaced.body.txid as string;
    expect(replacement).toMatch(hex64);

    const many = await post(control('pay'), {
      outputs: [
        { address: payee, sats: 1 },
        { address: other, sats: '2' },
      ],
    });
    expect(many.status).toBe(200);

    expect((await post(control('mine'), { blocks: 3 })).body).toEqual({ tipHeight: 2_500_003 });
    expect((await post(control('mine'), {})).body).toEqual({ tipHeight: 2_500_004 });

    const state = (await getJson(control('state'))).body as Record<string, unknown>;
    expect(state).toMatchObject({ tipHeight: 2_500_004, mempool: [], failuresPending: 0 });
    expect(state.blocks).toEqual([
      {
        height: 2_500_001,
        hash: expect.stringMatching(hex64) as unknown,
        time: expect.any(Number) as unknown,
        txids: [replacement, many.body.txid],
      },
      expect.objectContaining({ height: 2_500_002, txids: [] }),
      expect.objectContaining({ height: 2_500_003, txids: [] }),
      expect.objectContaining({ height: 2_500_004, txids: [] }),
    ]);

    expect((await post(control('reorg'), { depth: 4 })).body).toEqual({ tipHeight: 2_500_000 });
    const after = (await getJson(control('state'))).body as { mempool: unknown[] };
    expect(after.mempool).toEqual([
      {
        txid: replacement,
        outputs: [{ address: payee, sats: '24000' }],
        confirmed: false,
        blockHeight: null,
      },
      expect.objectContaining({ txid: many.body.txid, confirmed: false }),
    ]);

    await post(control('mine'), {});
    expect((await post(control('reorg'), { depth: 1, dropTxs: true })).body).toEqual({
      tipHeight: 2_500_000,
    });
    expect(((await getJson(control('state'))).body as { mempool: unknown[] }).mempool).toEqual([]);
    expect((await fetch(`${fake.url}/tx/${replacement}/status`)).status).toBe(404);
  });

  it('pays confirmed at once and replaces a transaction with nothing', async () => {
    const confirmed = await post(control('pay'), { address: payee, sats: 5, confirmed: true });
    expect(confirmed.body.tipHeight).toBe(2_500_001);
    const pending = await post(control('pay'), { address: payee, sats: 6 });
    const gone = await post(control('replace'), { txid: pending.body.txid });
    expect(gone.body).toEqual({ replaced: pending.body.txid, txid: null });
  });

  it('arms failures', async () => {
    expect(
      (await post(control('fail'), { count: 1, status: 429, retryAfterSeconds: 9 })).body,
    ).toEqual({
      failuresPending: 1,
    });
    const response = await fetch(`${fake.url}/blocks/tip/height`);
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('9');
  });

  it('answers mistakes with a JSON error', async () => {
    expect((await post(control('pay'), { address: payee })).status).toBe(400);
    expect((await post(control('pay'), { address: payee, sats: -5 })).status).toBe(400);
    expect((await post(control('pay'), { address: payee, sats: '0' })).status).toBe(400);
    expect((await post(control('pay'), '{not json')).body).toEqual({
      error: 'the body must be JSON',
    });
    expect((await post(control('mine'), { blocks: 0 })).status).toBe(400);
    expect((await post(control('reorg'), { depth: 1 })).status).toBe(400);
    expect((await post(control('replace'), { txid: 'f'.repeat(64) })).status).toBe(404);
    const confirmed = await post(control('pay'), { address: payee, sats: 5, confirmed: true });
    const conflict = await post(control('replace'), { txid: confirmed.body.txid });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error).toMatch(/confirmed/);
    expect((await post(control('nothing'), {})).status).toBe(404);
    expect((await fetch(control('mine'))).status).toBe(405);
  });
});

describe('fake Esplora: a state file keeps the chain across restarts', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'fake-chain-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('shows the same transactions, blocks and tip after a restart, and never repeats an id', async () => {
    const stateFile = path.join(dir, 'nested', 'fake-chain.json');
    const first = await startFakeEsplora({ stateFile });
    const confirmed = first.pay(payee, 23_334);
    first.mine(1);
    const pending = first.pay(other, 1_000);
    const before = first.state();
    await first.close();

    const second = await startFakeEsplora({ stateFile });
    try {
      expect(second.state()).toMatchObject({
        tipHeight: before.tipHeight,
        mempool: before.mempool,
        blocks: before.blocks,
      });
      const utxo = await getJson(`${second.url}/address/${payee}/utxo`);
      expect(utxo.body).toEqual([
        expect.objectContaining({ txid: confirmed, value: 23_334, vout: 0 }),
      ]);
      const next = second.pay(payee, 5);
      expect([confirmed, pending]).not.toContain(next);
    } finally {
      await second.close();
    }
  });

  it('refuses to start on a damaged state file, naming it', async () => {
    const stateFile = path.join(dir, 'fake-chain.json');
    await writeFile(stateFile, '{"seed":');
    await expect(startFakeEsplora({ stateFile })).rejects.toThrow(stateFile);
  });
});
