import type { DurationId } from './ad-options.js';
import { durationMessages } from './i18n/catalogues/durations/sayings.js';
import type { Said } from './i18n/said.js';

/**
 * The price table of SPEC.md section 9. Amounts are in the site's fiat currency
 * (the site registry's `currency`); the server takes every amount from here and
 * never from the client.
 */
export const paymentProducts = ['paid', 'premium'] as const;
/** 'paid' is the VIP ad, 'premium' the featured one. */
export type PaymentProduct = (typeof paymentProducts)[number];

export type PricingTier = 1 | 2;

export interface PriceOption {
  readonly id: DurationId;
  /** Fiat amount with two decimals, e.g. '12.00'. */
  readonly amount: string;
  /** How long the ad runs once paid. */
  readonly days: number;
}

/**
 * Days bought per duration. '6 months' (DAYS_180) is 183 days: half of a 365-day
 * year rounded up, so a buyer never gets less than half a year.
 */
export const durationDays: Readonly<Record<DurationId, number>> = {
  DAYS_4: 4,
  DAYS_15: 15,
  DAYS_30: 30,
  DAYS_60: 60,
  DAYS_180: 183,
};

/**
 * How long an option runs, in words ('30 days', '6 months'), said in the reader's
 * language where it is shown: the price options, the receipt and its mail.
 */
export function durationSaid(id: DurationId): Said {
  return id === 'DAYS_180'
    ? durationMessages.months({ n: 6 })
    : durationMessages.days({ n: durationDays[id] });
}

const option = (id: DurationId, amount: string): PriceOption =>
  Object.freeze({ id, amount, days: durationDays[id] });

const list = (...options: PriceOption[]): readonly PriceOption[] => Object.freeze(options);

/** Options per product and tier, longest first as SPEC.md lists them. */
export const priceTable: Readonly<
  Record<PaymentProduct, Readonly<Record<PricingTier, readonly PriceOption[]>>>
> = {
  premium: {
    1: list(option('DAYS_30', '60.00'), option('DAYS_15', '30.00'), option('DAYS_4', '10.00')),
    2: list(option('DAYS_30', '135.00'), option('DAYS_15', '70.00'), option('DAYS_4', '25.00')),
  },
  paid: {
    1: list(option('DAYS_180', '55.00'), option('DAYS_60', '20.00'), option('DAYS_30', '12.00')),
    2: list(option('DAYS_180', '55.00'), option('DAYS_60', '23.00'), option('DAYS_30', '14.00')),
  },
};

export const isPaymentProduct = (value: string): value is PaymentProduct =>
  (paymentProducts as readonly string[]).includes(value);

/** Tier 2 only for a tier-2 city on a site that uses tier 2; tier 1 otherwise. */
export function pricingTier(input: {
  cityTier: number | null | undefined;
  siteUsesTier2: boolean;
}): PricingTier {
  return input.siteUsesTier2 && input.cityTier === 2 ? 2 : 1;
}

export function optionsFor(product: PaymentProduct, tier: PricingTier): readonly PriceOption[] {
  return priceTable[product][tier];
}

/** The option the server charges for, or null when the product does not offer it. */
export function priceFor(product: string, optionId: string, tier: PricingTier): PriceOption | null {
  if (!isPaymentProduct(product)) return null;
  return optionsFor(product, tier).find((o) => o.id === optionId) ?? null;
}
