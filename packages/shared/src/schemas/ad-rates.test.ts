import { describe, expect, it } from 'vitest';
import { messagesOf } from '../i18n/catalogue.js';
import { catalogueAreas } from '../i18n/catalogues/index.js';
import { sayIn } from '../i18n/catalogues/say.js';
import { adFormSchema } from './ads.js';
import { hasHours, ratesSchema, weekHoursSchema } from './ad-rates.js';

const m = messagesOf(catalogueAreas.ads, 'en').rates;

/** The first issue's message of a failed parse, or null when it parses. */
function problem(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : sayIn('en', result.error?.issues[0]?.message ?? '?');
}

describe('the rates table', () => {
  it('keeps the rows in a fixed order: by duration, incall before outcall', () => {
    const rates = ratesSchema.parse([
      { duration: 'overnight', place: 'incall', amount: 1500 },
      { duration: '1h', place: 'outcall', amount: 300 },
      { duration: '1h', place: 'incall', amount: 250.5 },
      { duration: '30m', place: 'incall', amount: 150 },
    ]);
    expect(rates.map((r) => `${r.duration}/${r.place}`)).toEqual([
      '30m/incall',
      '1h/incall',
      '1h/outcall',
      'overnight/incall',
    ]);
  });

  it.each([
    [0, m.amountPositive],
    [-20, m.amountPositive],
    [12.345, m.amountCents],
    [0.1 + 0.2, m.amountCents],
    [100_000.01, m.amountTooLarge({ max: 100_000 })],
    [Number.NaN, m.amount],
    ['200', m.amount],
  ])('refuses the amount %s with the catalogue message', (amount, message) => {
    const result = ratesSchema.safeParse([{ duration: '1h', place: 'incall', amount }]);
    expect(problem(result)).toBe(message);
  });

  it('takes amounts with up to two decimals', () => {
    for (const amount of [0.01, 12.5, 199.99, 100_000]) {
      expect(ratesSchema.safeParse([{ duration: '1h', place: 'incall', amount }]).success).toBe(
        true,
      );
    }
  });

  it('refuses a ninth row, an unknown duration or place, and a duration given twice for a place', () => {
    const nine = Array.from({ length: 9 }, (_, i) => ({
      duration: (['30m', '1h', '2h', '3h', 'overnight'] as const)[i % 5],
      place: i < 5 ? 'incall' : 'outcall',
      amount: 100,
    }));
    expect(problem(ratesSchema.safeParse(nine))).toBe(m.tooMany({ max: 8 }));
    expect(problem(ratesSchema.safeParse([{ duration: '4h', place: 'incall', amount: 1 }]))).toBe(
      m.duration,
    );
    expect(problem(ratesSchema.safeParse([{ duration: '1h', place: 'car', amount: 1 }]))).toBe(
      m.place,
    );
    const twice = [
      { duration: '1h', place: 'incall', amount: 200 },
      { duration: '1h', place: 'incall', amount: 250 },
    ];
    expect(problem(ratesSchema.safeParse(twice))).toBe(m.duplicate);
  });
});

describe('the weekly hours', () => {
  it('says every day: a day left out is closed', () => {
    const week = weekHoursSchema.parse({ mon: { from: '10:00', to: '22:00' }, sat: 'appointment' });
    expect(week).toEqual({
      mon: { from: '10:00', to: '22:00' },
      tue: 'closed',
      wed: 'closed',
      thu: 'closed',
      fri: 'closed',
      sat: 'appointment',
      sun: 'closed',
    });
    expect(hasHours(week)).toBe(true);
    expect(hasHours(weekHoursSchema.parse({}))).toBe(false);
  });

  it.each([
    [{ mon: { from: '22:00', to: '10:00' } }, m.endsBeforeStart],
    [{ mon: { from: '10:00', to: '10:00' } }, m.endsBeforeStart],
    [{ mon: { from: '9:00', to: '17:00' } }, m.time],
    [{ mon: { from: '10:00', to: '24:00' } }, m.time],
    [{ mon: 'sometimes' }, m.day],
    [{ mon: null }, m.day],
    [{ mon: { from: '10:00' } }, m.day],
    [{ wed: { from: '9am', to: '17:00' } }, m.time],
    [{ monday: 'closed' }, m.hours],
    [['closed'], m.hours],
  ])('refuses %j with the catalogue message', (hours, message) => {
    expect(problem(weekHoursSchema.safeParse(hours))).toBe(message);
  });
});

describe("the ad form's rates and hours", () => {
  const form = {
    name: 'Jade',
    title: 'Evening companion',
    description: '<p>Friendly.</p>',
    age: 25,
    phone: '702-208-4567',
    city: 'houston',
  };

  it('leaves them out when not sent (the ad keeps its own), null removes the hours', () => {
    const parsed = adFormSchema.parse(form);
    expect(parsed.rates).toBeUndefined();
    expect(parsed.hours).toBeUndefined();
    expect(adFormSchema.parse({ ...form, hours: null }).hours).toBeNull();
  });

  it('refuses the whole form for one bad rate', () => {
    const result = adFormSchema.safeParse({
      ...form,
      rates: [{ duration: '1h', place: 'incall', amount: 0 }],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['rates', 0, 'amount']);
  });
});
