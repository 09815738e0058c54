import { describe, expect, it } from 'vitest';
import type { ChainCall, ChainOutcome } from '../../metrics/metrics.js';
import { ChainRateLimitedError, ChainUnavailableError, type ChainSource } from './chain-source.js';
import { countedChainSource } from './counted-chain-source.js';

const address = 'tb1qexampleaddressnevercounted';

function counting(source: ChainSource) {
  const counts: [ChainCall, ChainOutcome][] = [];
  return { chain: countedChainSource(source, (...pair) => void counts.push(pair)), counts };
}

describe('the counted chain source', () => {
  it('counts each call by what it was and how it ended, answering as the source does', async () => {
    const { chain, counts } = counting({
      tipHeight: async () => 812_000,
      addressOutputs: async () => [],
      txStatus: async () => ({ found: false, confirmed: false, blockHeight: null }),
    });
    expect(await chain.tipHeight()).toBe(812_000);
    expect(await chain.addressOutputs(address)).toEqual([]);
    expect(await chain.txStatus('0'.repeat(64))).toMatchObject({ found: false });
    expect(counts).toEqual([
      ['tip_height', 'ok'],
      ['address_outputs', 'ok'],
      ['tx_status', 'ok'],
    ]);
  });

  it('tells a rate limit, an unavailable upstream and any other fault apart, and rethrows each', async () => {
    const limited = new ChainRateLimitedError('429', 30);
    const unavailable = new ChainUnavailableError('HTTP 502', 502);
    const fault = new TypeError('Not a transaction id');
    const { chain, counts } = counting({
      tipHeight: async () => {
        throw limited;
      },
      addressOutputs: async () => {
        throw unavailable;
      },
      txStatus: async () => {
        throw fault;
      },
    });
    await expect(chain.tipHeight()).rejects.toBe(limited);
    await expect(chain.addressOutputs(address)).rejects.toBe(unavailable);
    await expect(chain.txStatus('x')).rejects.toBe(fault);
    expect(counts).toEqual([
      ['tip_height', 'rate_limited'],
      ['address_outputs', 'unavailable'],
      ['tx_status', 'error'],
    ]);
  });
});
