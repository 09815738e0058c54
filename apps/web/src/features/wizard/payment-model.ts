import {
  durationSaid,
  optionsFor,
  formatFiat,
  groupFiat,
  paymentMessages,
  paymentPollMs,
  type AdType,
  type DurationId,
  type PaymentProduct,
  type PaymentStatus,
  type CityPrices,
  type Said,
  type Text,
} from '@adboard/shared';

/** SPEC.md section 9: the status is polled every 15 s; an address is shown for 20 minutes. */
export { paymentPollMs };
export const addressOpenMs = 20 * 60_000;
/**
 * Coming back to the page (from the wallet) looks at once, but not within this long of
 * the last look: a window that gains and loses focus again and again asks no more.
 */
export const returnCheckGapMs = 3_000;
const dayMs = 86_400_000;

/** The product a wizard's ad pays for by default: VIP for a paid ad, premium for a premium one. */
export function productForType(type: AdType | null): PaymentProduct | null {
  if (type === 'paid') return 'paid';
  if (type === 'premium') return 'premium';
  return null;
}

/** 'mm:ss' of a time left, rounded up to the second and never below 00:00. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/**
 * When the address stops being shown, on this browser's clock: the server's
 * expiresAt, but never more than 20 minutes after the answer arrived, so the
 * countdown starts at 20:00 at most even when this clock runs behind the server's.
 */
export function addressDeadline(expiresAt: string, receivedAt: number): number {
  const cap = receivedAt + addressOpenMs;
  const server = Date.parse(expiresAt);
  return Number.isFinite(server) ? Math.min(server, cap) : cap;
}

/** Whole days left until a date (rounded up); null without one or once it has passed. */
export function daysLeft(until: string | null | undefined, now: number): number | null {
  if (!until) return null;
  const end = Date.parse(until);
  if (!Number.isFinite(end) || end <= now) return null;
  return Math.ceil((end - now) / dayMs);
}

/** True while a premium (featured) placement runs. */
export function isPremiumActive(premiumUntil: string | null, now: number = Date.now()): boolean {
  return daysLeft(premiumUntil, now) !== null;
}

export interface OptionPreview {
  id: DurationId;
  /** How long it runs, in words (said from its id: '30 days'). */
  label: Said;
  /** The price of the ad's city, or (its city not known yet) the table's price or range. */
  price: Text;
  /** What the price comes to in BTC at the current rate; null without the city's prices. */
  btc: string | null;
  /** True when the price shown is a range: it depends on the ad's city (tier 1 or tier 2). */
  byCity: boolean;
}

/**
 * The duration options of a product as the server prices them for the ad's city
 * (GET /api/prices, the type step's prices): the city's fiat price and its BTC.
 */
export function cityOptions(prices: CityPrices, product: PaymentProduct): OptionPreview[] {
  return prices.products[product].map((option) => ({
    id: option.id,
    label: durationSaid(option.id),
    price: formatFiat(option.amount, prices.currency),
    btc: option.btc,
    byCity: false,
  }));
}

/**
 * The duration options of a product with a price preview from the shared table,
 * while the ad's city prices are not known (the ad or its prices still loading, or
 * they could not be had): on a site that uses tier 2 an option whose
 * tiers differ shows both prices; the amount to pay is always the server's answer.
 */
export function optionPreviews(
  product: PaymentProduct,
  usesTier2: boolean,
  currency: string,
): OptionPreview[] {
  const tier2 = optionsFor(product, 2);
  return optionsFor(product, 1).map((option) => {
    const other = tier2.find((candidate) => candidate.id === option.id);
    if (!usesTier2 || !other || other.amount === option.amount) {
      return {
        id: option.id,
        label: durationSaid(option.id),
        price: formatFiat(option.amount, currency),
        btc: null,
        byCity: false,
      };
    }
    const [low, high] = [option.amount, other.amount].sort((a, b) => Number(a) - Number(b));
    return {
      id: option.id,
      label: durationSaid(option.id),
      price: paymentMessages.priceRange({
        low: groupFiat(low ?? option.amount),
        high: formatFiat(high ?? other.amount, currency),
      }),
      btc: null,
      byCity: true,
    };
  });
}

/** The view's title (SPEC.md section 2). */
export function paymentTitle(input: { complete: boolean; renewing: boolean }): Said {
  if (input.complete) return paymentMessages.titles.complete;
  return input.renewing ? paymentMessages.titles.renew : paymentMessages.titles.pay;
}

/** What the status line says while the order is open. */
export function statusText(status: PaymentStatus, missingCrypto: string | null): Said {
  switch (status) {
    case 'processing':
      return missingCrypto
        ? paymentMessages.underpaid({ missing: missingCrypto })
        : paymentMessages.processing;
    case 'complete':
      return paymentMessages.completePaid;
    default:
      return paymentMessages.waiting;
  }
}

/** Statuses in which nothing has been seen yet: the address countdown applies. */
export function awaitingPayment(status: PaymentStatus): boolean {
  return status === 'pending' || status === 'assigned';
}
