import type { ChainCall, ChainOutcome } from '../../metrics/metrics.js';
import { ChainRateLimitedError, ChainUnavailableError, type ChainSource } from './chain-source.js';

function outcomeOf(error: unknown): ChainOutcome {
  if (error instanceof ChainRateLimitedError) return 'rate_limited';
  if (error instanceof ChainUnavailableError) return 'unavailable';
  return 'error';
}

/**
 * The chain source, each call counted by what it was and how it ended: the
 * payment watcher's upstream requests and errors. Labels name the call only,
 * never the address or transaction it was about.
 */
export function countedChainSource(
  source: ChainSource,
  count: (call: ChainCall, outcome: ChainOutcome) => void,
): ChainSource {
  async function counted<T>(call: ChainCall, run: () => Promise<T>): Promise<T> {
    try {
      const answer = await run();
      count(call, 'ok');
      return answer;
    } catch (error) {
      count(call, outcomeOf(error));
      throw error;
    }
  }
  return {
    tipHeight: () => counted('tip_height', () => source.tipHeight()),
    addressOutputs: (address) => counted('address_outputs', () => source.addressOutputs(address)),
    txStatus: (txid) => counted('tx_status', () => source.txStatus(txid)),
  };
}
