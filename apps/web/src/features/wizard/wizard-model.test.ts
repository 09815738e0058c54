import type { Ad } from '@adboard/shared';
import { describe, expect, it } from 'vitest';
import { testPhoto, testAd } from '../../test/ad-fixtures';
import {
  deriveSteps,
  isPaymentDone,
  parseStepParam,
  stepOfView,
  viewOfStep,
  type StepInputs,
} from './wizard-model';

const base: StepInputs = {
  view: 'rules',
  rulesAccepted: false,
  type: null,
  city: '',
  adId: null,
  ad: null,
  photosPassed: false,
};

const states = (input: StepInputs) =>
  Object.fromEntries(deriveSteps(input).map((step) => [step.id, step.state]));

describe('wizard steps', () => {
  it('opens Type once the rules are accepted and Ad once city and type are chosen', () => {
    expect(states(base)).toEqual({
      rules: 'current',
      type: 'unavailable',
      ad: 'unavailable',
      photos: 'unavailable',
      finalize: 'unavailable',
    });
    expect(states({ ...base, rulesAccepted: true })).toMatchObject({
      type: 'done',
      ad: 'unavailable',
    });
    expect(
      states({ ...base, view: 'type', rulesAccepted: true, type: 'free', city: 'boston' }),
    ).toMatchObject({ rules: 'done', type: 'current', ad: 'available' });
  });

  it('counts Type done when a type is chosen even before the rules', () => {
    const [, type] = deriveSteps({ ...base, type: 'paid' });
    expect(type?.done).toBe(true);
    expect(type?.state).toBe('unavailable');
  });

  it('names the last step Payment for paid and premium types, Finalize Ad otherwise', () => {
    // The bar says each step's name from the catalogue, by its id.
    const last = (input: StepInputs) => deriveSteps(input).at(-1)?.id;
    expect(last({ ...base, type: 'paid' })).toBe('payment');
    expect(last({ ...base, type: 'premium' })).toBe('payment');
    expect(last({ ...base, type: 'free' })).toBe('finalize');
    expect(last({ ...base, type: 'free_verified' })).toBe('finalize');
    expect(last(base)).toBe('finalize');
  });

  it('makes Finalize Ad available once a free ad exists, and done once submitted', () => {
    const input = { ...base, view: 'form' as const, rulesAccepted: true, type: 'free' as const };
    expect(states({ ...input, adId: '1', ad: testAd })).toMatchObject({
      ad: 'current',
      finalize: 'available',
    });
    expect(states({ ...input, adId: '1', ad: { ...testAd, status: 'pending' } }).finalize).toBe(
      'done',
    );
  });

  it('marks Photos and Payment done from a paid ad that has photos, whatever its expiry', () => {
    const paid: Ad = {
      ...testAd,
      type: 'paid',
      paid: true,
      expiry: '2020-01-01T00:00:00.000Z',
      photos: [testPhoto(1, { primary: true })],
    };
    const steps = deriveSteps({
      ...base,
      view: 'form',
      rulesAccepted: true,
      type: 'paid',
      adId: '1',
      ad: paid,
      photosPassed: true,
    });
    expect(steps.slice(3).map((step) => [step.id, step.state, step.done])).toEqual([
      ['photos', 'done', true],
      ['payment', 'done', true],
    ]);
    // On the payment view after 'Payment Complete': the current step, and done.
    const shown = deriveSteps({
      ...base,
      view: 'payment',
      type: 'paid',
      adId: '1',
      ad: paid,
      photosPassed: true,
    });
    expect(shown.at(-1)).toMatchObject({
      id: 'payment',
      done: true,
      state: 'current',
      checked: true,
    });
    // Other steps are finished by leaving them: open, they show no check.
    const onForm = deriveSteps({ ...base, view: 'form', type: 'paid', adId: '1', ad: paid });
    expect(onForm.find((step) => step.id === 'ad')).toMatchObject({
      done: true,
      state: 'current',
      checked: false,
    });
    const refunded = deriveSteps({
      ...base,
      type: 'paid',
      adId: '1',
      ad: { ...paid, paid: false },
      photosPassed: true,
    });
    expect(refunded.at(-1)).toMatchObject({ id: 'payment', done: false, state: 'available' });
  });

  it('opens Payment once a paid ad exists and has been through Photos', () => {
    const input = { ...base, view: 'photos' as const, rulesAccepted: true, type: 'paid' as const };
    const payment = (extra: Partial<StepInputs>) =>
      deriveSteps({ ...input, ...extra }).find((step) => step.id === 'payment');
    expect(payment({ city: 'boston' })).toMatchObject({ available: false, state: 'unavailable' });
    expect(payment({ adId: '1', ad: testAd })).toMatchObject({
      available: false,
      state: 'unavailable',
    });
    expect(payment({ adId: '1', ad: testAd, photosPassed: true })).toMatchObject({
      available: true,
      done: false,
      state: 'available',
    });
    expect(payment({ view: 'payment', adId: '1', ad: testAd, photosPassed: true })?.state).toBe(
      'current',
    );
  });

  it('opens Photos once the ad exists and counts it done once the ad has photos', () => {
    const input = { ...base, view: 'form' as const, rulesAccepted: true, type: 'free' as const };
    const photos = (extra: Partial<StepInputs>) =>
      deriveSteps({ ...input, ...extra }).find((step) => step.id === 'photos');
    expect(photos({ city: 'boston' })).toMatchObject({ available: false, state: 'unavailable' });
    expect(photos({ adId: '1', ad: null })).toMatchObject({
      available: true,
      done: false,
      state: 'available',
    });
    expect(photos({ adId: '1', ad: testAd })).toMatchObject({ done: false });
    expect(
      photos({ adId: '1', ad: { ...testAd, photos: [testPhoto(1, { primary: true })] } }),
    ).toMatchObject({ done: true, state: 'done' });
    expect(photos({ view: 'photos', adId: '1', ad: testAd })?.state).toBe('current');
  });

  it('maps the photos and payment views and steps to each other; the error view marks no step', () => {
    expect(stepOfView('photos')).toBe('photos');
    expect(viewOfStep('photos')).toBe('photos');
    expect(stepOfView('payment')).toBe('payment');
    expect(viewOfStep('payment')).toBe('payment');
    expect(stepOfView('error')).toBeNull();
  });

  it('counts the payment done once paid: held for approval, running or run out; not once refunded', () => {
    const paid = {
      ...testAd,
      type: 'paid' as const,
      paid: true,
      expiry: '2030-01-01T00:00:00.000Z',
    };
    const held = {
      ...paid,
      expiry: null,
      lifecycle: { ...paid.lifecycle, heldPaidDays: 30 },
    };
    expect(isPaymentDone(held)).toBe(true);
    expect(isPaymentDone(paid)).toBe(true);
    expect(isPaymentDone({ ...paid, expiry: '2020-01-01T00:00:00.000Z' })).toBe(true);
    expect(
      isPaymentDone({ ...held, paid: false, lifecycle: { ...held.lifecycle, heldPaidDays: 0 } }),
    ).toBe(false);
    expect(isPaymentDone(null)).toBe(false);
  });

  it("counts a premium ad's payment done once its featured days are bought", () => {
    const premium = { ...testAd, type: 'premium' as const, paid: false, premium_until: null };
    expect(isPaymentDone(premium)).toBe(false);
    expect(
      isPaymentDone({ ...premium, lifecycle: { ...premium.lifecycle, heldPremiumDays: 15 } }),
    ).toBe(true);
    expect(isPaymentDone({ ...premium, premium_until: '2030-01-01T00:00:00.000Z' })).toBe(true);
  });

  it('reads only known step names from the address', () => {
    expect(parseStepParam('finalize')).toBe('finalize');
    expect(parseStepParam('ad')).toBe('ad');
    expect(parseStepParam('photos')).toBe('photos');
    expect(parseStepParam('payment')).toBe('payment');
    expect(parseStepParam('nope')).toBeNull();
    expect(parseStepParam(null)).toBeNull();
  });
});
