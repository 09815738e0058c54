import { catalogueAreas, messagesOf, sayIn } from '@adboard/shared';
import { describe, expect, it } from 'vitest';
import { testAd } from '../../test/ad-fixtures';
import {
  adFormFromAd,
  adFormRules,
  amountOf,
  emptyAdForm,
  hoursBody,
  hoursRowsOf,
  newRateRow,
  ratesBody,
  ratesHoursErrorPath,
  type RateRow,
} from './ad-form-model';

const m = messagesOf(catalogueAreas.ads, 'en').rates;

/** The problems the form's schema finds with these rates and hours, by path. */
function problems(rates: RateRow[], hours = hoursRowsOf(null)) {
  const form = adFormFromAd(testAd);
  const parsed = adFormRules('free_verified', false, false).safeParse({
    ...form.values,
    contacts: form.contacts,
    rates,
    hours,
    startsOn: form.startsOn,
  });
  return Object.fromEntries(
    (parsed.error?.issues ?? []).map((issue) => [issue.path.join('.'), sayIn('en', issue.message)]),
  );
}

describe('the ad form: rates and hours', () => {
  it('starts with no rates and every day closed', () => {
    const form = emptyAdForm('');
    expect(form.rates).toEqual([]);
    expect(Object.values(form.hours).every((day) => day.kind === 'closed')).toBe(true);
    expect(hoursBody(form.hours)).toBeNull();
  });

  it('reads an amount as typed: nothing is no amount, anything but a number is NaN', () => {
    expect(amountOf('')).toBeUndefined();
    expect(amountOf('  ')).toBeUndefined();
    expect(amountOf(' 12.50 ')).toBe(12.5);
    expect(amountOf('.5')).toBe(0.5);
    expect(amountOf('-3')).toBe(-3);
    expect(amountOf('12,50')).toBeNaN();
    expect(amountOf('1e3')).toBeNaN();
    expect(amountOf('0x10')).toBeNaN();
  });

  it('judges the rows with the shared rules and the catalogue messages', () => {
    const row = (amount: string, duration: RateRow['duration'] = '1h'): RateRow => ({
      duration,
      place: 'incall',
      amount,
    });
    expect(problems([row('150'), row('99.99', '2h')])).toEqual({});
    expect(problems([row('')])).toEqual({ 'rates.0.amount': m.amount });
    expect(problems([row('abc')])).toEqual({ 'rates.0.amount': m.amount });
    expect(problems([row('0')])).toEqual({ 'rates.0.amount': m.amountPositive });
    expect(problems([row('12.345')])).toEqual({ 'rates.0.amount': m.amountCents });
    expect(problems([row('100000.01')])).toEqual({
      'rates.0.amount': m.amountTooLarge({ max: 100_000 }),
    });
    // A pair given twice is said on its row even while an amount is missing.
    expect(problems([row('10'), row('')])).toEqual({
      'rates.1.amount': m.amount,
      'rates.1.duration': m.duplicate,
    });
  });

  it('judges the hours with the shared rules', () => {
    const hours = hoursRowsOf(null);
    hours.mon = { kind: 'open', from: '18:00', to: '09:00' };
    hours.tue = { kind: 'open', from: '', to: '12:00' };
    // A closed day's times do not count.
    hours.wed = { kind: 'closed', from: '25:00', to: '' };
    expect(problems([], hours)).toEqual({
      'hours.mon.to': m.endsBeforeStart,
      'hours.tue.from': m.time,
    });
  });

  it('builds the body: amounts as numbers in the form order, the week or null', () => {
    expect(
      ratesBody([
        { duration: 'overnight', place: 'outcall', amount: ' 1200.5 ' },
        { duration: '30m', place: 'incall', amount: '80' },
      ]),
    ).toEqual([
      { duration: 'overnight', place: 'outcall', amount: 1200.5 },
      { duration: '30m', place: 'incall', amount: 80 },
    ]);
    expect(() => ratesBody([{ duration: '1h', place: 'incall', amount: '' }])).toThrow();
    const hours = hoursRowsOf(null);
    hours.fri = { kind: 'appointment', from: '10:00', to: '' };
    hours.sat = { kind: 'open', from: '10:00', to: '23:30' };
    expect(hoursBody(hours)).toEqual({
      mon: 'closed',
      tue: 'closed',
      wed: 'closed',
      thu: 'closed',
      fri: 'appointment',
      sat: { from: '10:00', to: '23:30' },
      sun: 'closed',
    });
  });

  it('starts a new row with the first duration and place not used yet', () => {
    expect(newRateRow([])).toEqual({ duration: '30m', place: 'incall', amount: '' });
    expect(
      newRateRow([
        { duration: '30m', place: 'incall' },
        { duration: '1h', place: 'incall' },
      ]),
    ).toEqual({ duration: '30m', place: 'outcall', amount: '' });
  });

  it("shows the server's problems where the form keeps them", () => {
    expect(ratesHoursErrorPath('rates')).toBe('rates.root');
    expect(ratesHoursErrorPath('rates.2')).toBe('rates.2.duration');
    expect(ratesHoursErrorPath('rates.2.place')).toBe('rates.2.duration');
    expect(ratesHoursErrorPath('rates.2.amount')).toBe('rates.2.amount');
    expect(ratesHoursErrorPath('hours')).toBe('hours');
    expect(ratesHoursErrorPath('hours.sun')).toBe('hours.sun');
    expect(ratesHoursErrorPath('hours.sun.to')).toBe('hours.sun.to');
    expect(ratesHoursErrorPath('hours.xyz')).toBeNull();
    expect(ratesHoursErrorPath('title')).toBeNull();
  });
});
