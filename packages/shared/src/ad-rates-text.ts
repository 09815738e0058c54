import { weekDays } from './ad-options.js';
import * as adWords from './i18n/catalogues/ad-options/en/rates.js';
import { formatFiat, groupFiat } from './money.js';
import type { DayHours, Rate, WeekHours } from './schemas/ad-rates.js';

const m = adWords.rates;

/** A rate's amount as every screen writes money: '1,200.00 USD' (no currency: '1,200.00'). */
export function rateAmountText(amount: number, currency?: string): string {
  const fixed = amount.toFixed(2);
  return currency ? formatFiat(fixed, currency) : groupFiat(fixed);
}

/** One rate in words: '1 hour, Incall: 200.00 USD'. */
export function rateText(rate: Rate, currency?: string): string {
  return `${m.durations[rate.duration]}, ${m.places[rate.place]}: ${rateAmountText(rate.amount, currency)}`;
}

/** One day's hours in words: 'Closed', 'By appointment' or '10:00–22:00'. */
export function dayHoursText(day: DayHours): string {
  if (day === 'closed' || day === 'appointment') return m.dayKinds[day];
  return `${day.from}\u2013${day.to}`;
}

/** The rates as one line each, in their order; null when there are none. */
export function ratesText(rates: readonly Rate[], currency?: string): string | null {
  return rates.length === 0 ? null : rates.map((rate) => rateText(rate, currency)).join('\n');
}

/** The week as one line a day, Monday first ('Monday: 10:00–22:00'); null when none given. */
export function hoursText(week: WeekHours | null): string | null {
  if (week === null) return null;
  return weekDays.map((day) => `${m.days[day]}: ${dayHoursText(week[day])}`).join('\n');
}
