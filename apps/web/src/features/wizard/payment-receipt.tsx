import { paymentMessages, receiptFacts } from '@adboard/shared';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useLanguage, useSay } from '../../i18n/language-context';
import { dateFormat } from '../../lib/date-format';
import { paymentApi } from '../../lib/payment-api';
import { useSite } from '../site/site-context';
import './payment-receipt.css';

const words = paymentMessages.receipt;

/** A receipt's time, in the reader's zone and language. */
const receiptTime = dateFormat({ dateStyle: 'medium', timeStyle: 'short' });

/** GET /payment/receipts/BTC/{postId}: the ad's receipts, cached per ad. */
export const receiptsQueryKey = (adId: string) => ['payment-receipts', adId] as const;

/**
 * The receipt on the 'Payment Complete' view: the order paid to `address` (the one
 * just paid), or the ad's newest one when no address is known (a paid ad opened
 * again). The server makes the facts; the same ones are mailed to the advertiser.
 * Printable: printing the page prints the receipt alone (payment-receipt.css). Its words,
 * amounts and times are the reader's language's.
 */
export function PaymentReceipt({ adId, address }: { adId: string; address: string | null }) {
  const headingId = useId();
  const site = useSite();
  const say = useSay();
  const { language } = useLanguage();
  const receipts = useQuery({
    queryKey: receiptsQueryKey(adId),
    queryFn: () => paymentApi.getPaymentReceipts(adId),
    staleTime: 0,
  });
  if (receipts.isError) return <p className="field__hint">{say(words.loadFailed)}</p>;
  const list = receipts.data ?? [];
  const receipt = list.find((r) => r.address === address) ?? list[0];
  if (!receipt) return null;
  const facts = receiptFacts(receipt, language, (iso) => receiptTime(new Date(iso), language));

  return (
    <section className="receipt" aria-labelledby={headingId}>
      <h3 className="receipt__heading" id={headingId}>
        {say(words.heading)}
      </h3>
      {/* Who issued it, under the heading (the mail carries the brand's frame instead). */}
      <p className="receipt__issuer">{`${site.name} · ${site.contactEmail}`}</p>
      <dl className="receipt__facts">
        {facts.map((fact, index) => (
          <div key={index}>
            <dt>{say(fact.label)}</dt>
            <dd>{say(fact.value)}</dd>
          </div>
        ))}
      </dl>
      <button
        type="button"
        className="button button--secondary receipt__print"
        onClick={() => window.print()}
      >
        {say(words.print)}
      </button>
    </section>
  );
}
