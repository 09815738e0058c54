import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Address, NETWORK, OutScript, TEST_NETWORK } from '@scure/btc-signer';
import { z } from 'zod';

/** One output to create: an address and an amount in satoshis. */
export interface FakeOutput {
  address: string;
  sats: bigint | number;
}

export interface FakeEsploraOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1: the fake is for this machine only. */
  host?: string;
  /** Height of the tip before anything is mined. Default 100 (regtest-like). */
  startHeight?: number;
  /**
   * Seeds txids and block hashes: the same seed and calls give the same ids.
   * Default: a new random seed per start, so a restarted fake never repeats an id.
   */
  seed?: string;
  /**
   * A file that keeps the chain (transactions, blocks, tip, seed) across restarts, as a
   * real chain would: read at start when it exists, written after every change. The
   * server's own fake keeps it in DATA_DIR. Without it the chain lives in memory only.
   */
  stateFile?: string;
}

/** What GET /__control/state answers (amounts as decimal strings). */
export interface FakeEsploraState {
  tipHeight: number;
  requestCount: number;
  failuresPending: number;
  mempool: FakeTxSummary[];
  blocks: { height: number; hash: string; time: number; txids: string[] }[];
}

export interface FakeTxSummary {
  txid: string;
  outputs: { address: string; sats: string }[];
  confirmed: boolean;
  blockHeight: number | null;
}

export interface FakeEsplora {
  /** Base URL to give the Esplora client (the API root, as https://mempool.space/api). */
  readonly url: string;
  /** Broadcasts a transaction paying `sats` to `address`; returns its txid. */
  pay(address: string, sats: bigint | number, options?: { confirmed?: boolean }): string;
  /**
   * Broadcasts one transaction with these outputs, in this order (vout 0, 1, ...).
   * With `confirmed: true` it is mined at once, alone in a new block (tip + 1).
   */
  payMany(outputs: FakeOutput[], options?: { confirmed?: boolean }): string;
  /** Adds `blocks` blocks; the first takes every mempool transaction. Returns the new tip. */
  mine(blocks?: number): number;
  /**
   * Replace-by-fee: the unconfirmed `txid` leaves the mempool; with `newOutputs`, a
   * transaction spending the same input and paying those appears instead. Returns the
   * new txid, or null when the transaction simply vanished.
   */
  replace(txid: string, newOutputs?: FakeOutput[]): string | null;
  /**
   * Drops the last `depth` blocks (only blocks this fake mined): their transactions go
   * back to the mempool, unconfirmed, or with `dropTxs` vanish entirely. Returns the new tip.
   */
  reorg(depth: number, options?: { dropTxs?: boolean }): number;
  /** The next `count` Esplora requests answer `status` (default 500), with Retry-After if given. */
  failNext(count: number, status?: number, retryAfterSeconds?: number): void;
  /** Esplora requests received (control requests are not counted). */
  requestCount(): number;
  tipHeight(): number;
  state(): FakeEsploraState;
  close(): Promise<void>;
}

interface FakeTx {
  txid: string;
  /** Order of broadcast: newer transactions sort first in address history. */
  seq: number;
  input: { txid: string; vout: number; address: string; witness: string[] };
  outputs: { address: string; sats: bigint }[];
  feeRate: number;
  blockHeight: number | null;
}

interface FakeBlock {
  height: number;
  hash: string;
  time: number;
  txids: string[];
}

/** The Bitcoin supply cap, in satoshis: no output can be larger. */
const maxMoney = 2_100_000_000_000_000n;
const mempoolPageSize = 50;
const chainPageSize = 25;
const maxOutputs = 100;
const addressPattern = /^[A-Za-z0-9]{8,100}$/;
const txidPattern = /^[0-9a-f]{64}$/;
const regtest = { ...TEST_NETWORK, bech32: 'bcrt' };

/**
 * A local stand-in for an Esplora HTTP API (Blockstream esplora / mempool.space), for
 * tests and local demos. It serves, with the real answer shapes:
 *
 *   GET /blocks/tip/height, /blocks/tip/hash, /block-height/:height
 *   GET /tx/:txid, /tx/:txid/status
 *   GET /address/:a, /address/:a/txs, /address/:a/txs/chain[/:last_seen_txid],
 *       /address/:a/txs/mempool, /address/:a/utxo
 *
 * and a JSON control API for demos and browser tests (amounts in sats, number or string):
 *
 *   POST /__control/pay     { address, sats, confirmed? } or { outputs: [{ address, sats }], confirmed? }
 *   POST /__control/mine    { blocks? }
 *   POST /__control/replace { txid, outputs? }
 *   POST /__control/reorg   { depth, dropTxs? }
 *   POST /__control/fail    { count, status?, retryAfterSeconds? }
 *   GET  /__control/state
 *
 * Unlike a real Esplora it takes addresses of any network (and made-up ones), and every
 * payment spends one made-up input with no change output.
 */
export async function startFakeEsplora(options: FakeEsploraOptions = {}): Promise<FakeEsplora> {
  const host = options.host ?? '127.0.0.1';
  const startHeight = options.startHeight ?? 100;
  if (!Number.isInteger(startHeight) || startHeight < 0) {
    throw new RangeError('startHeight must be a non-negative integer');
  }
  const stored = options.stateFile ? readStoredChain(options.stateFile) : null;
  const seed = stored?.seed ?? options.seed ?? randomUUID();

  const txs = new Map<string, FakeTx>(stored?.txs.map((tx) => [tx.txid, tx]));
  const blocks: FakeBlock[] = stored?.blocks ?? [];
  let tip = stored?.tip ?? startHeight;
  let counter = stored?.counter ?? 0;
  let lastBlockTime = stored?.lastBlockTime ?? 0;
  let requests = 0;
  let failure: { left: number; status: number; retryAfterSeconds: number | null } = {
    left: 0,
    status: 500,
    retryAfterSeconds: null,
  };

  const nextId = (kind: string): string => {
    counter += 1;
    return sha256Hex(`${seed}:${kind}:${counter}`);
  };

  function normaliseOutputs(outputs: FakeOutput[]): { address: string; sats: bigint }[] {
    if (!Array.isArray(outputs) || outputs.length === 0 || outputs.length > maxOutputs) {
      throw new RangeError(`a transaction needs 1 to ${maxOutputs} outputs`);
    }
    return outputs.map(({ address, sats }) => {
      if (typeof address !== 'string' || !addressPattern.test(address)) {
        throw new RangeError(`not an address: ${String(address).slice(0, 100)}`);
      }
      const amount =
        typeof sats === 'bigint' ? sats : Number.isSafeInteger(sats) ? BigInt(sats) : -1n;
      if (amount <= 0n || amount > maxMoney) {
        throw new RangeError('sats must be a whole number of satoshis, above 0 and at most 21e14');
      }
      return { address, sats: amount };
    });
  }

  function broadcast(
    outputs: { address: string; sats: bigint }[],
    input: FakeTx['input'] | null,
    feeRate: number,
  ): FakeTx {
    const txid = nextId('tx');
    const funding = input ?? {
      txid: nextId('funding'),
      vout: 0,
      address: fundingAddress(outputs[0]?.address ?? '', txid),
      witness: [fakeHex(`${txid}:sig`, 71) + '01', '02' + fakeHex(`${txid}:pub`, 32)],
    };
    const tx: FakeTx = { txid, seq: counter, input: funding, outputs, feeRate, blockHeight: null };
    txs.set(txid, tx);
    return tx;
  }

  function addBlock(txids: string[]): void {
    tip += 1;
    counter += 1;
    const hash = '00000000' + sha256Hex(`${seed}:block:${counter}`).slice(8);
    lastBlockTime = Math.max(lastBlockTime + 1, Math.floor(Date.now() / 1000));
    blocks.push({ height: tip, hash, time: lastBlockTime, txids });
    for (const txid of txids) {
      const tx = txs.get(txid);
      if (tx) tx.blockHeight = tip;
    }
  }

  const mempool = (): FakeTx[] =>
    [...txs.values()].filter((tx) => tx.blockHeight === null).sort((a, b) => a.seq - b.seq);

  function blockAt(height: number): FakeBlock | undefined {
    const first = blocks[0];
    return first ? blocks[height - first.height] : undefined;
  }

  function blockHash(height: number): string {
    return blockAt(height)?.hash ?? '00000000' + sha256Hex(`${seed}:base-block:${height}`).slice(8);
  }

  /** The chain as it is now, to the state file (a temporary file, then a rename). */
  function persist(): void {
    if (!options.stateFile) return;
    const chain: StoredChain = {
      seed,
      tip,
      counter,
      lastBlockTime,
      txs: [...txs.values()],
      blocks,
    };
    const temporary = `${options.stateFile}.${process.pid}.tmp`;
    writeFileSync(
      temporary,
      JSON.stringify(chain, (_key, value: unknown) =>
        typeof value === 'bigint' ? value.toString() : value,
      ),
    );
    renameSync(temporary, options.stateFile);
  }

  const control = {
    payMany(outputs: FakeOutput[], opts?: { confirmed?: boolean }): string {
      const tx = broadcast(normaliseOutputs(outputs), null, 2);
      if (opts?.confirmed) addBlock([tx.txid]);
      persist();
      return tx.txid;
    },
    mine(count = 1): number {
      if (!Number.isInteger(count) || count < 1 || count > 10_000) {
        throw new RangeError('blocks must be an integer from 1 to 10000');
      }
      addBlock(mempool().map((tx) => tx.txid));
      for (let i = 1; i < count; i += 1) addBlock([]);
      persist();
      return tip;
    },
    replace(txid: string, newOutputs?: FakeOutput[]): string | null {
      const old = txs.get(txid);
      if (!old) throw new NotFoundError(`unknown transaction ${txid}`);
      if (old.blockHeight !== null) {
        throw new ConflictError(`transaction ${txid} is confirmed and cannot be replaced`);
      }
      const outputs = newOutputs === undefined ? null : normaliseOutputs(newOutputs);
      txs.delete(txid);
      const replacement = outputs && broadcast(outputs, old.input, old.feeRate * 2);
      persist();
      return replacement ? replacement.txid : null;
    },
    reorg(depth: number, opts?: { dropTxs?: boolean }): number {
      if (!Number.isInteger(depth) || depth < 1 || depth > blocks.length) {
        throw new RangeError(`depth must be an integer from 1 to ${blocks.length} (blocks mined)`);
      }
      for (const block of blocks.splice(blocks.length - depth, depth)) {
        for (const txid of block.txids) {
          const tx = txs.get(txid);
          if (!tx) continue;
          if (opts?.dropTxs) txs.delete(txid);
          else tx.blockHeight = null;
        }
      }
      tip -= depth;
      persist();
      return tip;
    },
    failNext(count: number, status = 500, retryAfterSeconds?: number): void {
      if (!Number.isInteger(status) || status < 400 || status > 599) {
        throw new RangeError('status must be an HTTP error status (400-599)');
      }
      if (
        retryAfterSeconds !== undefined &&
        (!Number.isInteger(retryAfterSeconds) || retryAfterSeconds < 0)
      ) {
        throw new RangeError('retryAfterSeconds must be a non-negative integer');
      }
      failure = {
        left: Math.max(0, Math.floor(count)),
        status,
        retryAfterSeconds: retryAfterSeconds ?? null,
      };
    },
    state(): FakeEsploraState {
      return {
        tipHeight: tip,
        requestCount: requests,
        failuresPending: failure.left,
        mempool: mempool().map(summary),
        blocks: blocks.map((block) => ({ ...block, txids: [...block.txids] })),
      };
    },
  };

  // ---- Esplora answers -------------------------------------------------------------

  function esploraTx(tx: FakeTx): object {
    const outputsValue = tx.outputs.reduce((sum, output) => sum + output.sats, 0n);
    const { size, weight } = txSize(tx.outputs.map((output) => scriptOf(output.address).hex));
    const fee = Math.ceil(weight / 4) * tx.feeRate;
    const prevout = scriptOf(tx.input.address);
    return {
      txid: tx.txid,
      version: 2,
      locktime: 0,
      vin: [
        {
          txid: tx.input.txid,
          vout: tx.input.vout,
          prevout: {
            scriptpubkey: prevout.hex,
            scriptpubkey_asm: prevout.asm,
            scriptpubkey_type: prevout.type,
            scriptpubkey_address: tx.input.address,
            // The made-up input covers the outputs and the fee exactly: no change.
            value: Number(outputsValue) + fee,
          },
          scriptsig: '',
          scriptsig_asm: '',
          witness: tx.input.witness,
          is_coinbase: false,
          sequence: 0xfffffffd,
        },
      ],
      vout: tx.outputs.map((output) => {
        const script = scriptOf(output.address);
        return {
          scriptpubkey: script.hex,
          scriptpubkey_asm: script.asm,
          scriptpubkey_type: script.type,
          scriptpubkey_address: output.address,
          value: Number(output.sats),
        };
      }),
      size,
      weight,
      fee,
      status: txStatus(tx),
    };
  }

  function txStatus(tx: FakeTx): object {
    if (tx.blockHeight === null) return { confirmed: false };
    const block = blockAt(tx.blockHeight);
    return {
      confirmed: true,
      block_height: tx.blockHeight,
      block_hash: block?.hash ?? blockHash(tx.blockHeight),
      block_time: block?.time ?? 0,
    };
  }

  const touches = (tx: FakeTx, address: string): boolean =>
    tx.input.address === address || tx.outputs.some((output) => output.address === address);

  /** Newest first, as Esplora sorts address history. */
  function history(address: string): { mempool: FakeTx[]; chain: FakeTx[] } {
    const mine = [...txs.values()].filter((tx) => touches(tx, address));
    const position = (tx: FakeTx): number =>
      tx.blockHeight === null ? 0 : (blockAt(tx.blockHeight)?.txids.indexOf(tx.txid) ?? 0);
    return {
      mempool: mine.filter((tx) => tx.blockHeight === null).sort((a, b) => b.seq - a.seq),
      chain: mine
        .filter((tx) => tx.blockHeight !== null)
        .sort((a, b) => (b.blockHeight ?? 0) - (a.blockHeight ?? 0) || position(b) - position(a)),
    };
  }

  function addressStats(address: string): object {
    const stats = (list: FakeTx[]) => {
      let funded = 0n;
      let fundedCount = 0;
      for (const tx of list) {
        for (const output of tx.outputs) {
          if (output.address !== address) continue;
          funded += output.sats;
          fundedCount += 1;
        }
      }
      return {
        funded_txo_count: fundedCount,
        funded_txo_sum: Number(funded),
        spent_txo_count: 0,
        spent_txo_sum: 0,
        tx_count: list.length,
      };
    };
    const { mempool: pending, chain } = history(address);
    return { address, chain_stats: stats(chain), mempool_stats: stats(pending) };
  }

  function serveEsplora(method: string, path: string, response: ServerResponse): void {
    if (method !== 'GET' && method !== 'HEAD') return text(response, 405, 'Method Not Allowed');

    if (path === '/blocks/tip/height') return text(response, 200, String(tip));
    if (path === '/blocks/tip/hash') return text(response, 200, blockHash(tip));
    const heightMatch = /^\/block-height\/(\d{1,10})$/.exec(path);
    if (heightMatch) {
      const height = Number(heightMatch[1]);
      return height > tip
        ? text(response, 404, 'Block not found')
        : text(response, 200, blockHash(height));
    }

    const txMatch = /^\/tx\/([^/]+)(\/status)?$/.exec(path);
    if (txMatch) {
      const txid = txMatch[1] ?? '';
      if (!txidPattern.test(txid)) return text(response, 400, 'Invalid hex string');
      const tx = txs.get(txid);
      if (!tx) return text(response, 404, 'Transaction not found');
      return json(response, 200, txMatch[2] ? txStatus(tx) : esploraTx(tx));
    }

    const addressMatch = /^\/address\/([^/]+)(\/.*)?$/.exec(path);
    if (addressMatch) {
      const address = safeDecode(addressMatch[1] ?? '');
      if (address === null || !addressPattern.test(address)) {
        return text(response, 400, 'Invalid Bitcoin address');
      }
      const rest = addressMatch[2] ?? '';
      if (rest === '') return json(response, 200, addressStats(address));
      const { mempool: pending, chain } = history(address);
      if (rest === '/txs') {
        const page = [...pending.slice(0, mempoolPageSize), ...chain.slice(0, chainPageSize)];
        return json(response, 200, page.map(esploraTx));
      }
      if (rest === '/txs/mempool') {
        return json(response, 200, pending.slice(0, mempoolPageSize).map(esploraTx));
      }
      const chainMatch = /^\/txs\/chain(?:\/([^/]*))?$/.exec(rest);
      if (chainMatch) {
        const lastSeen = chainMatch[1] ?? '';
        let from = 0;
        if (lastSeen !== '') {
          if (!txidPattern.test(lastSeen)) return text(response, 400, 'Invalid hex string');
          // As electrs: the page after last_seen; nothing if it is not in the history.
          const index = chain.findIndex((tx) => tx.txid === lastSeen);
          from = index === -1 ? chain.length : index + 1;
        }
        return json(response, 200, chain.slice(from, from + chainPageSize).map(esploraTx));
      }
      if (rest === '/utxo') {
        const utxos = chain
          .concat(pending)
          .flatMap((tx) =>
            tx.outputs.flatMap((output, vout) =>
              output.address === address
                ? [{ txid: tx.txid, vout, status: txStatus(tx), value: Number(output.sats) }]
                : [],
            ),
          );
        return json(response, 200, utxos);
      }
    }
    return text(response, 404, 'Not Found');
  }

  // ---- Control API -----------------------------------------------------------------

  async function serveControl(
    method: string,
    path: string,
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<void> {
    if (path === '/__control/state') {
      if (method !== 'GET') return json(response, 405, { error: 'use GET' });
      return json(response, 200, control.state());
    }
    const routes: Record<string, (body: unknown) => object> = {
      '/__control/pay': (body) => {
        const input = payBody.parse(body);
        const outputs =
          'outputs' in input ? input.outputs : [{ address: input.address, sats: input.sats }];
        const txid = control.payMany(outputs, { confirmed: input.confirmed ?? false });
        return { txid, tipHeight: tip };
      },
      '/__control/mine': (body) => ({ tipHeight: control.mine(mineBody.parse(body).blocks ?? 1) }),
      '/__control/replace': (body) => {
        const input = replaceBody.parse(body);
        return { replaced: input.txid, txid: control.replace(input.txid, input.outputs) };
      },
      '/__control/reorg': (body) => {
        const input = reorgBody.parse(body);
        return { tipHeight: control.reorg(input.depth, { dropTxs: input.dropTxs ?? false }) };
      },
      '/__control/fail': (body) => {
        const input = failBody.parse(body);
        control.failNext(input.count, input.status ?? 500, input.retryAfterSeconds);
        return { failuresPending: failure.left };
      },
    };
    const route = routes[path];
    if (!route) return json(response, 404, { error: 'unknown control route' });
    if (method !== 'POST') return json(response, 405, { error: 'use POST' });
    let body: unknown;
    try {
      const raw = await readBody(request);
      body = raw.trim() === '' ? {} : JSON.parse(raw);
    } catch {
      return json(response, 400, { error: 'the body must be JSON' });
    }
    try {
      return json(response, 200, route(body));
    } catch (error) {
      if (error instanceof z.ZodError) {
        const issue = error.issues[0];
        return json(response, 400, {
          error: issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'invalid body',
        });
      }
      if (error instanceof NotFoundError) return json(response, 404, { error: error.message });
      if (error instanceof ConflictError) return json(response, 409, { error: error.message });
      if (error instanceof RangeError) return json(response, 400, { error: error.message });
      throw error;
    }
  }

  // ---- Server ----------------------------------------------------------------------

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) text(response, 500, 'Internal Server Error');
      else response.destroy();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? 'GET';
    const path =
      new URL(request.url ?? '/', 'http://fake-esplora').pathname.replace(/\/+$/, '') || '/';
    if (path.startsWith('/__control/')) return serveControl(method, path, request, response);

    requests += 1;
    request.resume();
    if (failure.left > 0) {
      failure.left -= 1;
      if (failure.retryAfterSeconds !== null) {
        response.setHeader('retry-after', String(failure.retryAfterSeconds));
      }
      return text(response, failure.status, STATUS_CODES[failure.status] ?? 'Error');
    }
    serveEsplora(method, path, response);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://${urlHost(host)}:${port}`,
    pay: (address, sats, opts) => control.payMany([{ address, sats }], opts),
    payMany: (outputs, opts) => control.payMany(outputs, opts),
    mine: (count) => control.mine(count),
    replace: (txid, newOutputs) => control.replace(txid, newOutputs),
    reorg: (depth, opts) => control.reorg(depth, opts),
    failNext: (count, status, retryAfterSeconds) =>
      control.failNext(count, status, retryAfterSeconds),
    requestCount: () => requests,
    tipHeight: () => tip,
    state: () => control.state(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** What the state file holds: the whole chain, amounts as decimal strings. */
interface StoredChain {
  seed: string;
  tip: number;
  counter: number;
  lastBlockTime: number;
  txs: FakeTx[];
  blocks: FakeBlock[];
}

const storedSats = z
  .string()
  .regex(/^\d{1,16}$/)
  .transform((value) => BigInt(value));
const storedChainSchema = z.object({
  seed: z.string().min(1),
  tip: z.number().int().nonnegative(),
  counter: z.number().int().nonnegative(),
  lastBlockTime: z.number().int().nonnegative(),
  txs: z.array(
    z.object({
      txid: z.string().regex(txidPattern),
      seq: z.number().int(),
      input: z.object({
        txid: z.string(),
        vout: z.number().int(),
        address: z.string(),
        witness: z.array(z.string()),
      }),
      outputs: z.array(z.object({ address: z.string(), sats: storedSats })),
      feeRate: z.number(),
      blockHeight: z.number().int().nullable(),
    }),
  ),
  blocks: z.array(
    z.object({
      height: z.number().int(),
      hash: z.string(),
      time: z.number().int(),
      txids: z.array(z.string()),
    }),
  ),
});

/** The chain a state file keeps; null when there is none yet. A damaged file stops the start. */
function readStoredChain(file: string): StoredChain | null {
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    return null;
  }
  let parsed: ReturnType<typeof storedChainSchema.safeParse> | null = null;
  try {
    parsed = storedChainSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    // Not JSON: said below.
  }
  if (!parsed?.success) {
    throw new Error(
      `The fake chain's state file ${file} cannot be read: remove it to start an empty chain.`,
    );
  }
  return parsed.data;
}

class NotFoundError extends Error {}
class ConflictError extends Error {}

const satsField = z.union([
  z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  z
    .string()
    .regex(/^[1-9]\d{0,15}$/)
    .transform((value) => BigInt(value)),
]);
const outputField = z.object({ address: z.string(), sats: satsField });
const payBody = z.union([
  z.object({ outputs: z.array(outputField).min(1), confirmed: z.boolean().optional() }),
  z.object({ address: z.string(), sats: satsField, confirmed: z.boolean().optional() }),
]);
const mineBody = z.object({ blocks: z.number().int().optional() });
const replaceBody = z.object({
  txid: z.string(),
  outputs: z.array(outputField).min(1).optional(),
});
const reorgBody = z.object({ depth: z.number().int(), dropTxs: z.boolean().optional() });
const failBody = z.object({
  count: z.number().int().min(0),
  status: z.number().int().optional(),
  retryAfterSeconds: z.number().int().min(0).optional(),
});

function summary(tx: FakeTx): FakeTxSummary {
  return {
    txid: tx.txid,
    outputs: tx.outputs.map((output) => ({ address: output.address, sats: String(output.sats) })),
    confirmed: tx.blockHeight !== null,
    blockHeight: tx.blockHeight,
  };
}

// ---- Scripts and sizes ----------------------------------------------------------------

interface ScriptInfo {
  hex: string;
  asm: string;
  type: string;
}

const scriptTypes: Record<string, string> = {
  wpkh: 'v0_p2wpkh',
  wsh: 'v0_p2wsh',
  tr: 'v1_p2tr',
  pkh: 'p2pkh',
  sh: 'p2sh',
};
const scriptCache = new Map<string, ScriptInfo>();

/** The real output script of a mainnet, testnet or regtest address; a made-up P2WPKH otherwise. */
function scriptOf(address: string): ScriptInfo {
  const cached = scriptCache.get(address);
  if (cached) return cached;
  let info: ScriptInfo | null = null;
  for (const network of [NETWORK, TEST_NETWORK, regtest]) {
    try {
      const decoded = Address(network).decode(address);
      const bytes = OutScript.encode(decoded);
      info = {
        hex: toHex(bytes),
        asm: disassemble(bytes),
        type: scriptTypes[decoded.type] ?? 'unknown',
      };
      break;
    } catch {
      // Not an address of this network.
    }
  }
  if (!info) {
    const bytes = Uint8Array.from([
      0x00,
      0x14,
      ...createHash('sha256').update(address).digest().subarray(0, 20),
    ]);
    info = { hex: toHex(bytes), asm: disassemble(bytes), type: 'v0_p2wpkh' };
  }
  if (scriptCache.size > 10_000) scriptCache.clear();
  scriptCache.set(address, info);
  return info;
}

/** A P2WPKH address of the payee's network for the made-up input. */
function fundingAddress(payee: string, txid: string): string {
  const hash = createHash('sha256').update(`funding:${txid}`).digest().subarray(0, 20);
  for (const network of [NETWORK, TEST_NETWORK, regtest]) {
    try {
      Address(network).decode(payee);
      return Address(network).encode({ type: 'wpkh', hash });
    } catch {
      // Try the next network.
    }
  }
  return Address(regtest).encode({ type: 'wpkh', hash });
}

const opcodes: Record<number, string> = {
  0x00: 'OP_0',
  0x76: 'OP_DUP',
  0x87: 'OP_EQUAL',
  0x88: 'OP_EQUALVERIFY',
  0xa9: 'OP_HASH160',
  0xac: 'OP_CHECKSIG',
};

/** Esplora-style asm for the standard output scripts. */
function disassemble(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let i = 0; i < bytes.length;) {
    const op = bytes[i] ?? 0;
    if (op >= 0x01 && op <= 0x4b) {
      parts.push(`OP_PUSHBYTES_${op}`, toHex(bytes.subarray(i + 1, i + 1 + op)));
      i += 1 + op;
    } else if (op >= 0x51 && op <= 0x60) {
      parts.push(`OP_PUSHNUM_${op - 0x50}`);
      i += 1;
    } else {
      parts.push(opcodes[op] ?? `OP_UNKNOWN_${op}`);
      i += 1;
    }
  }
  return parts.join(' ');
}

/** Size and weight of a one-input P2WPKH-spending transaction with these output scripts. */
function txSize(outputScripts: string[]): { size: number; weight: number } {
  const outputs = outputScripts.reduce((sum, hex) => sum + 8 + 1 + hex.length / 2, 0);
  const base = 4 + 1 + 41 + 1 + outputs + 4;
  const witness = 2 + 1 + 1 + 72 + 1 + 33;
  return { size: base + witness, weight: base * 4 + witness };
}

// ---- Small helpers --------------------------------------------------------------------

function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function fakeHex(label: string, bytes: number): string {
  let out = '';
  for (let i = 0; out.length < bytes * 2; i += 1) out += sha256Hex(`${label}:${i}`);
  return out.slice(0, bytes * 2);
}

function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex');
}

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

function urlHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

function text(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
}

function json(response: ServerResponse, status: number, body: object): void {
  const payload = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(payload),
  });
  response.end(payload);
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > 64 * 1024) throw new Error('request body too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
