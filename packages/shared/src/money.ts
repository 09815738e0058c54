import { intlLocales, type Language } from './i18n/languages.js';
/**
 * Bitcoin amounts as exact integers of satoshis: the one place that turns sats into
 * BTC text, for the server's payment views and mails and the browser's console alike.
 */
export const SATS_PER_BTC = 100_000_000n;

/** 8-decimal BTC text of an amount in sats: 20000n → '0.00020000'. */
export function formatBtc(sats: bigint): string {
  if (sats < 0n) throw new RangeError('sats must not be negative');
  const whole = sats / SATS_PER_BTC;
  const fraction = (sats % SATS_PER_BTC).toString().padStart(8, '0');
  return `${whole}.${fraction}`;
}

/**
 * A fiat amount (a decimal string, as prices and rates are kept) with its thousands
 * grouped: '60000.00' → '60,000.00'. Its decimals stay as they came; anything that is
 * not a plain decimal amount is shown as it came.
 */
export function groupFiat(amount: string): string {
  const match = /^(\d+)(\.\d+)?$/.exec(amount);
  if (!match) return amount;
  const [, whole = '', fraction = ''] = match;
  return whole.replace(/\B(?=(\d{3})+$)/g, ',') + fraction;
}

/** A fiat amount in its currency, as every screen and mail writes it: '60,000.00 USD'. */
export function formatFiat(amount: string, currency: string): string {
  return `${groupFiat(amount)} ${currency}`;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount of money as a reader of `language` writes it: English as every screen and
 * mail of the site does ('60,000.00 USD'), the others by `Intl` ('60 000,00 $ US' in
 * Canadian French, 'USD 60,000.00' in Latin-American Spanish).
 */
export function formatMoneyIn(amount: number, currency: string, language: Language): string {
  if (language === 'en') return formatFiat(amount.toFixed(2), currency);
  const key = `${language}|${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocales[language], { style: 'currency', currency });
    moneyFormats.set(key, format);
  }
  return format.format(amount);
}
