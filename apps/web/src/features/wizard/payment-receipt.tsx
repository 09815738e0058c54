import { receiptFacts, receiptMessages } from '@adboard/shared';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { paymentApi } from '../../lib/payment-api';
import { formatWhen } from '../admin/time-text';
import { useSite } from '../site/site-context';
import './payment-receipt.css';

/** GET /payment/receipts/BTC/{postId}: the ad's receipts, cached per ad. */
export const receiptsQueryKey = (adId: string) => ['payment-receipts', adId] as const;

/**
 * The receipt on the 'Payment Complete' view: the order paid to `address` (the one
 * just paid), or the ad's newest one when no address is known (a paid ad opened
 * again). The server makes the facts; the same ones are mailed to the advertiser.
 * Printable: printing the page prints the receipt alone (payment-receipt.css).
 */
export function PaymentReceipt({ adId, address }: { adId: string; address: string | null }) {
  const headingId = useId();
  const site = useSite();
  const receipts = useQuery({
    queryKey: receiptsQueryKey(adId),
    queryFn: () => paymentApi.getPaymentReceipts(adId),
    staleTime: 0,
  });
  if (receipts.isError) return <p className="field__hint">{receiptMessages.loadFailed}</p>;
  const list = receipts.data ?? [];
  const receipt = list.find((r) => r.address === address) ?? list[0];
  if (!receipt) return null;
  const facts = receiptFacts(receipt, formatWhen);

  return (
    <section className="receipt" aria-labelledby={headingId}>
      <h3 className="receipt__heading" id={headingId}>
        {receiptMessages.heading}
      </h3>
      <p className="receipt__issuer">{receiptMessages.issuer(site.name, site.contactEmail)}</p>
      <dl className="receipt__facts">
        {facts.map((fact, index) => (
          <div key={index}>
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
      <button
        type="button"
        className="button button--secondary receipt__print"
        onClick={() => window.print()}
      >
        {receiptMessages.print}
      </button>
    </section>
  );
}
