import { describe, expect, it } from 'vitest';
import { adMessages } from '../i18n/catalogues/ads/index.js';
import { sayIn } from '../i18n/catalogues/say.js';
import { adFieldRules, createAdBodySchema, updateAdBodySchema } from './ads.js';

const form = {
  name: 'Jade',
  title: 'Evening companion',
  description: '<p>Friendly.</p>',
  age: '25',
  phone: '702-208-4567',
  city: 'las-vegas',
};

describe('the contacts an ad shows', () => {
  it('default to the phone alone on create', () => {
    const body = createAdBodySchema.parse({ ...form, type: 'free_verified' });
    expect(body.contacts).toEqual(['call']);
  });

  it('are left out of an update that does not send them (the ad keeps its choice)', () => {
    const body = updateAdBodySchema.parse({ ...form, post_id: '100001' });
    expect(body.contacts).toBeUndefined();
  });

  it('come back once each, in the order call, text, email', () => {
    expect(adFieldRules.contacts.parse(['email', 'call', 'email'])).toEqual(['call', 'email']);
  });

  it('refuse an empty choice and unknown kinds', () => {
    const empty = adFieldRules.contacts.safeParse([]);
    expect(sayIn('en', empty.error?.issues[0]?.message ?? '')).toBe(
      sayIn('en', adMessages.form.contactsRequired),
    );
    for (const bad of [['fax'], ['call', 7], 'call', [null]]) {
      const result = adFieldRules.contacts.safeParse(bad);
      expect(sayIn('en', result.error?.issues[0]?.message ?? '')).toBe(
        sayIn('en', adMessages.form.contactOption),
      );
    }
  });
});
