import { Address } from '@scure/btc-signer';
import { and, eq, gt } from 'drizzle-orm';
import type { Tx } from '../../db/database.js';
import { paymentOrders, refunds } from '../../db/schema.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { brandedMail } from '../accounts/mail-templates.js';
import { hashToken, newToken } from '../accounts/secrets.js';
import { enqueueMessage } from '../outbox/enqueue-message.js';
import type { SiteConfig } from '../sites/site-registry.js';
import { formatBtc, trimBtc } from './amounts.js';
import { addressNetwork, type BitcoinNetwork } from './xpub.js';

/**
 * A paid ad that moderators do not approve is refundable less the network fee.
 * For each of its orders that received money a refund is recorded, and the
 * advertiser is mailed a link to give the address to send it to. Sending is
 * an operator's job, from the wallet that holds the keys.
 */
export async function recordRefundsForRejectedAd(
  tx: Tx,
  queue: JobQueue,
  params: { site: SiteConfig; appOrigin: string; adId: number; email: string },
): Promise<number> {
  const paid = await tx.db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.adId, params.adId), gt(paymentOrders.receivedSats, 0n)));
  let created = 0;
  for (const order of paid) {
    const token = newToken();
    const [refund] = await tx.db
      .insert(refunds)
      .values({
        orderId: order.id,
        adId: params.adId,
        amountSats: order.receivedSats,
        state: 'awaiting_address',
        addressTokenHash: hashToken(token),
      })
      .onConflictDoNothing()
      .returning({ id: refunds.id });
    if (!refund) continue;
    created += 1;
    const amount = trimBtc(formatBtc(order.receivedSats));
    const link = `${params.appOrigin}/refund?${new URLSearchParams({ token })}`;
    const mail = brandedMail(
      params.site,
      `Refund for ad #${params.adId}`,
      [
        `Your ad #${params.adId} was not approved, so the ${amount} BTC you paid will be refunded, less the network fee.`,
        'Please tell us the Bitcoin address to send it to:',
      ],
      link,
    );
    await enqueueMessage(tx, queue, {
      channel: 'email',
      siteId: params.site.id,
      to: params.email,
      ...mail,
    });
  }
  return created;
}

/** Whether a text is a valid address of the network the payments run on. */
export function isRefundAddress(address: string, network: BitcoinNetwork): boolean {
  try {
    Address(addressNetwork(network)).decode(address.trim());
    return true;
  } catch {
    return false;
  }
}

/** The payer gives the refund address with the mailed token; once given, it is kept. */
export async function giveRefundAddress(
  tx: Tx,
  params: { token: string; address: string; network: BitcoinNetwork },
): Promise<'saved' | 'invalid_address' | 'unknown'> {
  const [refund] = await tx.db
    .select()
    .from(refunds)
    .where(eq(refunds.addressTokenHash, hashToken(params.token)))
    .for('update');
  if (!refund || refund.state !== 'awaiting_address') return 'unknown';
  if (!isRefundAddress(params.address, params.network)) return 'invalid_address';
  await tx.db
    .update(refunds)
    .set({ refundAddress: params.address.trim(), state: 'ready', addressGivenAt: new Date() })
    .where(eq(refunds.id, refund.id));
  return 'saved';
}
