/**
 * The chain as the payment domain sees it: watch-only, read-only, and normalised.
 *
 * This is where provider events are normalised before the domain sees them. Whatever
 * the provider (Esplora on Blockstream or mempool.space, the fake Esplora in tests, a
 * node of our own later), the domain only ever gets the shapes below: outputs paying
 * one address, keyed by outpoint (txid, vout), amounts in satoshis as bigint, and a
 * confirmation height or null. Provider failures arrive as the two typed errors, so a
 * job can back off without knowing which provider it talks to.
 */

/** One output of a transaction that pays the address asked about. */
export interface ChainOutput {
  /** Transaction id, 64 lowercase hex digits. */
  txid: string;
  /** Index of the output in the transaction: with txid, the outpoint. */
  vout: number;
  /** Amount in satoshis. */
  sats: bigint;
  /** True once the transaction is in a block of the best chain. */
  confirmed: boolean;
  /** Height of that block; null while unconfirmed. */
  blockHeight: number | null;
}

export interface ChainTxStatus {
  /** False when the provider knows no such transaction (replaced, dropped, never seen). */
  found: boolean;
  confirmed: boolean;
  blockHeight: number | null;
}

export interface ChainSource {
  /** Height of the best block. */
  tipHeight(): Promise<number>;
  /**
   * Every output paying `address`, in mempool and confirmed transactions, one entry per
   * outpoint (a transaction paying the address twice gives two entries). Callers sum
   * them; nothing is merged here.
   */
  addressOutputs(address: string): Promise<ChainOutput[]>;
  txStatus(txid: string): Promise<ChainTxStatus>;
}

/** Base class of the provider failures a caller should retry later. */
export class ChainSourceError extends Error {
  override name = 'ChainSourceError';
}

/** The provider answered 429: slow down, and wait at least `retryAfterSeconds` if known. */
export class ChainRateLimitedError extends ChainSourceError {
  override name = 'ChainRateLimitedError';
  constructor(
    message: string,
    /** From the Retry-After header (seconds or an HTTP date); null when absent or unreadable. */
    readonly retryAfterSeconds: number | null,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * The provider could not give a usable answer: a 5xx or other unexpected status, a
 * network failure, a timeout, or a body that is not the documented shape.
 */
export class ChainUnavailableError extends ChainSourceError {
  override name = 'ChainUnavailableError';
  constructor(
    message: string,
    /** HTTP status, or null when no usable HTTP answer came. */
    readonly status: number | null = null,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

const txidPattern = /^[0-9a-f]{64}$/;

/** True for a transaction id as providers print it: 64 lowercase hex digits. */
export function isTxid(value: string): boolean {
  return txidPattern.test(value);
}
