import {
  formatFiat,
  heldTimeSaid,
  paymentMessages,
  type DurationId,
  type PaymentProduct,
  type Ad,
} from '@adboard/shared';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/api';
import { useSite } from '../site/site-context';
import { ErrorAlert, StatusNotice } from '../ui/alert';
import {
  awaitingPayment,
  cityOptions,
  daysLeft,
  formatCountdown,
  optionPreviews,
  paymentTitle,
  statusText,
} from './payment-model';
import { PaymentQr } from './payment-qr';
import { PaymentReceipt } from './payment-receipt';
import { useCityPrices } from './use-locations';
import { usePaymentOrder, type PaymentOrder } from './use-payment-order';
import { ViewHeading } from './view-heading';
import { MyPostsAction } from './my-posts-action';
import './payment-view.css';
import './wizard.css';
import { appScreensText, journeyText } from '../../i18n/areas';
import { useText, useSay } from '../../i18n/language-context';

export interface PaymentViewProps {
  adId: string;
  /** 'paid' renews or pays a VIP ad; 'premium' features an existing ad. */
  product: PaymentProduct;
  /** The ad as the server has it; null while it loads. */
  ad: Ad | null;
  /** Opened as a renewal (the renew query parameter). */
  renew: boolean;
  loggedIn: boolean;
  /** The order completed: the ad's paid state changed on the server. */
  onPaid: () => void;
  focusHeading: boolean;
}

/**
 * The payment view (SPEC.md sections 2 and 4): durations with the table's prices
 * as a preview, then the server's address and amounts (the amount to pay is always
 * the server's), the QR code of its BIP21 URI, a 20-minute countdown, the explorer
 * link, and the status polled every 15 s until the payment is complete (a chain
 * check while nothing is seen). An order the ad still has open is shown on load, with
 * what is left of its 20 minutes; another duration chosen meanwhile shows that open
 * address again, with why (docs/decisions.md, issue 24).
 * Once paid, it shows the receipt (the same facts are mailed).
 */
export function PaymentView({
  adId: adId,
  product,
  ad: ad,
  renew,
  loggedIn,
  onPaid,
  focusHeading,
}: PaymentViewProps) {
  const say = useSay();
  const site = useSite();
  const journey = useText(journeyText);
  const baseId = useId();
  const hintId = `${baseId}-hint`;
  const [openedAt] = useState(() => Date.now());
  const [choice, setChoice] = useState<DurationId | null>(null);
  const pay = usePaymentOrder({ postId: adId, product, onComplete: onPaid });

  // The ad's city is known: its prices, as the type step showed them. The table's
  // preview only until they are loaded (or when they cannot be).
  const cityPrices = useCityPrices(ad?.country ?? '', ad?.city ?? '').data;
  const options = useMemo(
    () =>
      cityPrices
        ? cityOptions(cityPrices, product)
        : optionPreviews(product, site.usesTier2, site.currency),
    [cityPrices, product, site.usesTier2, site.currency],
  );
  // Already paid (VIP) or featured (premium) and not expired: this is a renewal.
  // Featured is the server's word (never for a pending ad, whose days are held).
  const paidUntil =
    product === 'paid'
      ? ad?.paid
        ? ad.expiry
        : null
      : ad?.lifecycle.featured
        ? ad.premium_until
        : null;
  const left = daysLeft(paidUntil, openedAt);
  // A VIP ad paid for and waiting for review: its days start at approval. There is
  // nothing to renew and nothing to pay: no durations, whatever the address asked.
  const heldWaiting =
    product === 'paid' &&
    ad !== null &&
    ad.status === 'pending' &&
    ad.paid &&
    ad.lifecycle.heldPaidDays > 0;
  // A pending ad's paid days run from its approval: say that instead of 'featured now'.
  const held =
    ad === null
      ? null
      : heldTimeSaid({
          paidDays: ad.lifecycle.heldPaidDays,
          premiumDays: ad.lifecycle.heldPremiumDays,
        });
  const heldNote = left === null && !heldWaiting && held !== null ? say(held) : null;
  const title = paymentTitle({
    complete: pay.complete || (heldWaiting && pay.order === null),
    renewing: renew || left !== null,
  });
  // What follows a payment: review first, unless the ad is live already.
  const live = ad?.status === 'active';
  const nextStep =
    product === 'paid'
      ? live
        ? say(paymentMessages.nextLive)
        : say(paymentMessages.nextReview)
      : live
        ? null
        : say(paymentMessages.nextPremiumReview);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (choice && !pay.requesting) pay.request(choice);
  };

  return (
    <section className="wizard__view payment">
      <ViewHeading focus={focusHeading}>{say(title)}</ViewHeading>
      {left !== null && !pay.complete && (
        <div className="notice notice--info">
          <p>
            {product === 'paid'
              ? say(paymentMessages.alreadyPaid({ days: left }))
              : say(paymentMessages.alreadyFeatured({ days: left }))}
          </p>
          <p>{say(paymentMessages.renewAdvice)}</p>
        </div>
      )}
      {heldNote !== null && !pay.complete && <p className="notice notice--info">{heldNote}</p>}

      {heldWaiting && pay.order === null ? (
        <>
          <StatusNotice>
            {say(paymentMessages.heldForReview({ days: ad.lifecycle.heldPaidDays }))}
          </StatusNotice>
          <PaymentReceipt adId={adId} address={null} />
          <MyPostsAction loggedIn={loggedIn} />
        </>
      ) : pay.order === null ? (
        <form className="payment__choose" onSubmit={onSubmit} noValidate>
          <p>
            {product === 'paid' ? say(paymentMessages.vipIntro) : say(paymentMessages.premiumIntro)}
          </p>
          <fieldset className="fieldset" disabled={pay.requesting}>
            <legend className="fieldset__legend">
              {product === 'paid'
                ? say(paymentMessages.vipLegend)
                : say(paymentMessages.premiumLegend)}
            </legend>
            <div className="duration-options">
              {options.map((option) => {
                const labelId = `${baseId}-${option.id}-label`;
                const priceId = `${baseId}-${option.id}-price`;
                const checked = choice === option.id;
                return (
                  <label
                    key={option.id}
                    className={`duration-option${checked ? ' duration-option--checked' : ''}`}
                  >
                    <input
                      type="radio"
                      className="duration-option__input"
                      name={`${baseId}-duration`}
                      value={option.id}
                      checked={checked}
                      onChange={() => setChoice(option.id)}
                      aria-labelledby={labelId}
                      aria-describedby={priceId}
                    />
                    <span className="duration-option__label" id={labelId}>
                      {say(option.label)}
                    </span>
                    <span className="duration-option__price" id={priceId}>
                      {say(option.price)}
                      {option.btc !== null && (
                        <span className="duration-option__btc">
                          {' '}
                          {journey.prices.btc({ btc: option.btc })}
                        </span>
                      )}
                    </span>
                  </label>
                );
              })}
            </div>
            {options.some((option) => option.byCity) && (
              <p className="field__hint">{say(paymentMessages.priceByCity)}</p>
            )}
          </fieldset>
          {pay.error !== null && (
            <ErrorAlert>{errorMessage(pay.error, say(paymentMessages.addressFailed))}</ErrorAlert>
          )}
          <div className="wizard__actions">
            <button
              type="submit"
              className="button button--primary"
              disabled={choice === null || pay.requesting}
              aria-busy={pay.requesting}
              aria-describedby={choice === null ? hintId : undefined}
            >
              {say(paymentMessages.getAddress)}
            </button>
            {choice === null && (
              <p className="field__hint" id={hintId}>
                {say(paymentMessages.chooseDurationFirst)}
              </p>
            )}
          </div>
        </form>
      ) : pay.complete ? (
        <>
          <StatusNotice>
            {product === 'paid'
              ? say(paymentMessages.completePaid)
              : live
                ? say(paymentMessages.completePremium)
                : say(paymentMessages.completePremiumHeld)}
          </StatusNotice>
          {nextStep && <p className="payment__next">{nextStep}</p>}
          <PaymentReceipt adId={adId} address={pay.order.address.address} />
          <MyPostsAction loggedIn={loggedIn} />
        </>
      ) : pay.expired ? (
        <>
          <ErrorAlert>{say(paymentMessages.expired)}</ErrorAlert>
          {pay.error !== null && (
            <ErrorAlert>{errorMessage(pay.error, say(paymentMessages.addressFailed))}</ErrorAlert>
          )}
          <div className="wizard__actions">
            <button
              type="button"
              className="button button--primary"
              disabled={pay.requesting}
              aria-busy={pay.requesting}
              onClick={() => {
                if (pay.order) pay.request(pay.order.optionId);
              }}
            >
              {say(paymentMessages.newAddress)}
            </button>
            <button type="button" className="button button--secondary" onClick={pay.reset}>
              {say(paymentMessages.otherDuration)}
            </button>
          </div>
        </>
      ) : (
        <OrderDetails
          pay={pay}
          optionLabel={say(
            options.find((option) => option.id === pay.order?.optionId)?.label ?? '',
          )}
        />
      )}
    </section>
  );
}

/** The open order: amount, address, QR code, wallet and explorer links, countdown and status. */
function OrderDetails({ pay, optionLabel }: { pay: PaymentOrder; optionLabel: string }) {
  const say = useSay();
  const screenText = useText(appScreensText);
  const addressRef = useRef<HTMLElement>(null);
  const [copy, setCopy] = useState<'copied' | 'failed' | null>(null);
  const order = pay.order;
  if (!order || !pay.status) return null;
  const { address, amountCrypto, amountFiat, fiat, uri, explorerUrl } = order.address;
  const waiting = awaitingPayment(pay.status);

  const copyAddress = async () => {
    try {
      await navigator.clipboard.writeText(address);
      setCopy('copied');
    } catch {
      // No clipboard here (an insecure page, or refused): select it for the user instead.
      const element = addressRef.current;
      if (element) window.getSelection()?.selectAllChildren(element);
      setCopy('failed');
    }
  };

  return (
    <div className="payment__order">
      {pay.blockedMinutes !== null && (
        <ErrorAlert>
          {say(paymentMessages.openOrderExists({ minutes: pay.blockedMinutes }))}
        </ErrorAlert>
      )}
      <p>
        {optionLabel && <strong>{optionLabel}. </strong>}
        {say(paymentMessages.sendExactly)}
      </p>
      <div className="payment__layout">
        <dl className="payment__facts">
          <div>
            <dt>{screenText.payment.amount}</dt>
            <dd>
              <strong className="payment__amount">
                {screenText.payment.btc({ amount: amountCrypto })}
              </strong>{' '}
              <span className="payment__fiat">({formatFiat(amountFiat, fiat)})</span>
            </dd>
          </div>
          <div>
            <dt>{screenText.payment.address}</dt>
            <dd className="payment__address">
              <code ref={addressRef}>{address}</code>
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => void copyAddress()}
              >
                {say(paymentMessages.copyAddress)}
              </button>
            </dd>
          </div>
          {waiting && (
            <div>
              <dt>{screenText.payment.timeLeft}</dt>
              <dd>
                <span className="payment__countdown" role="timer">
                  {formatCountdown(pay.remainingMs)}
                </span>
              </dd>
            </div>
          )}
          <div>
            <dt>{screenText.payment.status}</dt>
            <dd className="payment__status">
              <span role="status">{say(statusText(pay.status, pay.missingCrypto))}</span>
            </dd>
          </div>
        </dl>
        <PaymentQr uri={uri} />
      </div>
      {copy && (
        <p className={copy === 'copied' ? 'field__hint' : 'field__error'} role="status">
          {copy === 'copied' ? say(paymentMessages.copied) : say(paymentMessages.copyFailed)}
        </p>
      )}
      <p className="wizard__actions">
        <a className="button button--primary" href={uri}>
          {say(paymentMessages.openWallet)}
        </a>
        {explorerUrl && (
          <a className="button button--secondary" href={explorerUrl} target="_blank" rel="noopener">
            {say(paymentMessages.explorer)}
          </a>
        )}
        {waiting && (
          <button type="button" className="button button--link" onClick={pay.reset}>
            {say(paymentMessages.otherDuration)}
          </button>
        )}
      </p>
    </div>
  );
}
