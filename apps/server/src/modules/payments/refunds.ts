import { Address } from '@scure/btc-signer';
import { applyAdEvent, type AdEventDeps } from '../ad-lifecycle/apply-ad-event.js';
import type { Tx } from '../../db/database.js';
import { hashToken } from '../accounts/secrets.js';
import {
  findRefundByTokenHash,
  updateOfferedRefundsOfAd,
  updateRefund,
} from './refund-repository.js';
import { addressNetwork, type BitcoinNetwork } from './xpub.js';

/** Whether a text is a valid address of the network the payments run on. */
export function isRefundAddress(address: string, network: BitcoinNetwork): boolean {
  try {
    Address(addressNetwork(network)).decode(address.trim());
    return true;
  } catch {
    return false;
  }
}

/**
 * The payer gives the refund address with the mailed token; once given, it is
 * kept. For a refund that was only offered (a rejected ad's payment), asking
 * for it takes every offer of that ad and refunds the ad: the lifecycle's
 * 'refund', after which the ad is unpaid.
 */
export async function giveRefundAddress(
  tx: Tx,
  deps: AdEventDeps,
  params: { token: string; address: string; network: BitcoinNetwork },
): Promise<'saved' | 'invalid_address' | 'unknown'> {
  const refund = await findRefundByTokenHash(tx.db, hashToken(params.token), { forUpdate: true });
  if (!refund || (refund.state !== 'awaiting_address' && refund.state !== 'offered')) {
    return 'unknown';
  }
  if (!isRefundAddress(params.address, params.network)) return 'invalid_address';
  const given = {
    refundAddress: params.address.trim(),
    state: 'ready' as const,
    addressGivenAt: new Date(),
  };
  if (refund.state === 'offered') {
    await updateOfferedRefundsOfAd(tx.db, refund.adId, given);
    await applyAdEvent(tx, deps, refund.adId, { type: 'refund' });
  } else {
    await updateRefund(tx.db, refund.id, given);
  }
  return 'saved';
}
