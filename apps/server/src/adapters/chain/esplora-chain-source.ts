import { z } from 'zod';
import {
  ChainRateLimitedError,
  ChainUnavailableError,
  isTxid,
  type ChainOutput,
  type ChainSource,
  type ChainTxStatus,
} from './chain-source.js';

export interface EsploraSettings {
  /**
   * API root, e.g. https://mempool.space/api, https://blockstream.info/testnet/api, or
   * the fake's url (fake-esplora-server.ts). A trailing slash is ignored.
   */
  baseUrl: string;
  /** Per request, including reading the body. Default 10 s. */
  timeoutMs?: number;
  /** Defaults to the global fetch; tests may pass their own. */
  fetch?: typeof globalThis.fetch;
}

/** Esplora answers 25 confirmed transactions per page of address history. */
const confirmedPageSize = 25;
/** More pages than this for one order's address means something is wrong: stop, loudly. */
const maxConfirmedPages = 200;

const txidSchema = z.string().regex(/^[0-9a-fA-F]{64}$/);
const heightSchema = z.number().int().nonnegative();

const statusSchema = z.union([
  z.object({
    confirmed: z.literal(true),
    block_height: heightSchema,
    block_hash: z.string().optional(),
    block_time: z.number().optional(),
  }),
  z.object({ confirmed: z.literal(false) }),
]);

const txSchema = z.object({
  txid: txidSchema,
  vout: z.array(
    z.object({
      // Absent for outputs without an address (OP_RETURN, bare scripts).
      scriptpubkey_address: z.string().optional(),
      // Satoshis; at most 21e14, well inside a safe integer.
      value: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
    }),
  ),
  status: statusSchema,
});
type EsploraTx = z.infer<typeof txSchema>;

const txListSchema = z.array(txSchema);

/**
 * A ChainSource over an Esplora HTTP API (Blockstream's esplora/electrs, mempool.space):
 * GET /address/:a/txs (+ /txs/chain/:last_seen_txid), /blocks/tip/height, /tx/:id/status.
 * Every answer is checked against the documented shape; anything else is a
 * ChainUnavailableError, and 429 is a ChainRateLimitedError.
 */
export function createEsploraChainSource(settings: EsploraSettings): ChainSource {
  const base = settings.baseUrl.replace(/\/+$/, '');
  const timeoutMs = settings.timeoutMs ?? 10_000;
  const fetchImpl = settings.fetch ?? globalThis.fetch;

  /** One GET; resolves with the status and body of a 2xx or 404, throws for the rest. */
  async function get(path: string): Promise<{ status: number; body: string }> {
    const url = `${base}${path}`;
    let response: Response;
    let body: string;
    try {
      response = await fetchImpl(url, {
        headers: { accept: 'application/json, text/plain' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      body = await response.text();
    } catch (error) {
      throw new ChainUnavailableError(
        `Esplora request failed: GET ${path}: ${describeFailure(error, timeoutMs)}`,
        null,
        { cause: error },
      );
    }
    if (response.status === 429) {
      const retryAfterSeconds = parseRetryAfter(response.headers.get('retry-after'));
      throw new ChainRateLimitedError(
        `Esplora rate limit: GET ${path}: HTTP 429` +
          (retryAfterSeconds !== null ? `, retry after ${retryAfterSeconds} s` : ''),
        retryAfterSeconds,
      );
    }
    if (response.ok || response.status === 404) return { status: response.status, body };
    throw new ChainUnavailableError(
      `Esplora answered HTTP ${response.status}: GET ${path}` + snippet(body),
      response.status,
    );
  }

  async function getJson<T>(path: string, schema: z.ZodType<T>): Promise<T> {
    const { status, body } = await get(path);
    if (status === 404) {
      throw new ChainUnavailableError(
        `Esplora answered HTTP 404: GET ${path}` + snippet(body),
        404,
      );
    }
    return parse(path, body, schema);
  }

  function parse<T>(path: string, body: string, schema: z.ZodType<T>): T {
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch (error) {
      throw new ChainUnavailableError(`Esplora answer is not JSON: GET ${path}`, null, {
        cause: error,
      });
    }
    const result = schema.safeParse(json);
    if (!result.success) {
      const issue = result.error.issues[0];
      const where = issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'invalid';
      throw new ChainUnavailableError(
        `Esplora answer has an unexpected shape: GET ${path}: ${where}`,
        null,
        { cause: result.error },
      );
    }
    return result.data;
  }

  return {
    async tipHeight() {
      const path = '/blocks/tip/height';
      const { status, body } = await get(path);
      const text = body.trim();
      if (status !== 200 || !/^\d{1,10}$/.test(text)) {
        throw new ChainUnavailableError(
          `Esplora answer is not a block height: GET ${path}` + snippet(body),
          status === 200 ? null : status,
        );
      }
      return Number(text);
    },

    async addressOutputs(address) {
      const encoded = encodeURIComponent(address);
      const byTxid = new Map<string, EsploraTx>();
      const remember = (tx: EsploraTx): void => {
        const known = byTxid.get(tx.txid.toLowerCase());
        // Seen twice across pages (it confirmed in between): the confirmed view wins.
        if (!known || (!known.status.confirmed && tx.status.confirmed)) {
          byTxid.set(tx.txid.toLowerCase(), tx);
        }
      };

      // Up to 50 mempool transactions, then the newest 25 confirmed ones.
      const first = await getJson(`/address/${encoded}/txs`, txListSchema);
      first.forEach(remember);
      let page = first.filter((tx) => tx.status.confirmed);
      let pages = 1;
      while (page.length >= confirmedPageSize) {
        const lastSeen = page[page.length - 1]?.txid.toLowerCase() ?? '';
        if (pages >= maxConfirmedPages) {
          throw new ChainUnavailableError(
            `Esplora address history is longer than ${maxConfirmedPages * confirmedPageSize} transactions`,
          );
        }
        const path = `/address/${encoded}/txs/chain/${lastSeen}`;
        const next = await getJson(path, txListSchema);
        const unseen = next.filter((tx) => !byTxid.has(tx.txid.toLowerCase()));
        if (next.length > 0 && unseen.length === 0) {
          // The server ignored the cursor: stop rather than loop.
          throw new ChainUnavailableError(`Esplora pagination did not advance: GET ${path}`);
        }
        next.forEach(remember);
        page = next;
        pages += 1;
      }

      const outputs: ChainOutput[] = [];
      for (const [txid, tx] of byTxid) {
        tx.vout.forEach((output, index) => {
          if (output.scriptpubkey_address !== address) return;
          outputs.push({
            txid,
            vout: index,
            sats: BigInt(output.value),
            confirmed: tx.status.confirmed,
            blockHeight: tx.status.confirmed ? tx.status.block_height : null,
          });
        });
      }
      return outputs;
    },

    async txStatus(txid): Promise<ChainTxStatus> {
      const id = txid.toLowerCase();
      if (!isTxid(id)) throw new TypeError(`Not a transaction id: ${txid.slice(0, 80)}`);
      const path = `/tx/${id}/status`;
      const { status, body } = await get(path);
      if (status === 404) {
        // Only Esplora's own answer means "unknown": a 404 from a wrong base URL or a proxy
        // must not make every payment look vanished.
        if (/transaction not found/i.test(body)) {
          return { found: false, confirmed: false, blockHeight: null };
        }
        throw new ChainUnavailableError(
          `Esplora answered HTTP 404: GET ${path}` + snippet(body),
          404,
        );
      }
      const answer = parse(path, body, statusSchema);
      return answer.confirmed
        ? { found: true, confirmed: true, blockHeight: answer.block_height }
        : { found: true, confirmed: false, blockHeight: null };
    },
  };
}

/** Retry-After is either delay-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(header: string | null, now: number = Date.now()): number | null {
  if (header === null) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

function snippet(body: string): string {
  const text = body.replace(/\s+/g, ' ').trim().slice(0, 200);
  return text ? `: ${text}` : '';
}

function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `no answer within ${timeoutMs / 1000} s`;
  }
  if (error instanceof Error) {
    const cause = error.cause;
    const code =
      typeof cause === 'object' &&
      cause !== null &&
      'code' in cause &&
      typeof cause.code === 'string'
        ? ` (${cause.code})`
        : '';
    return `${error.message}${code}`;
  }
  return 'unknown error';
}
