import type { ChainSource } from '../../adapters/chain/chain-source.js';
import type { RateSource } from '../../adapters/rates/rate-source.js';
import type { BitcoinSettings } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { AdEventDeps } from '../ad-lifecycle/apply-ad-event.js';

export interface PaymentDeps extends AdEventDeps {
  database: Database;
  rates: RateSource;
  chain: ChainSource;
  bitcoin: Pick<BitcoinSettings, 'account' | 'network' | 'confirmations'>;
}

/** Where a person can look at an address, per network. */
export function explorerUrl(network: string, address: string): string | null {
  if (network === 'mainnet') return `https://mempool.space/address/${address}`;
  if (network === 'testnet') return `https://mempool.space/testnet/address/${address}`;
  return null;
}
