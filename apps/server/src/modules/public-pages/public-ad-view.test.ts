import { describe, expect, it } from 'vitest';
import type { AdPageData } from './public-ad-repository.js';
import { toPublicAdView } from './public-ad-view.js';

const row: AdPageData = {
  id: 100001,
  siteId: 'local',
  status: 'active',
  countryCode: 'US',
  citySlug: 'las-vegas',
  cityName: 'Las Vegas',
  region: 'NV',
  title: 'Evening companion',
  descriptionHtml: '<p>Friendly.</p>',
  descriptionText: 'Friendly.',
  name: 'Jade',
  age: 25,
  phone: '702-208-4567',
  phoneE164: '+17022084567',
  email: 'account.owner@example.com',
  publicContacts: ['call'],
  ethnicity: null,
  business: null,
  incalls: null,
  outcalls: null,
  rates: [],
  hours: null,
  postedAt: null,
  expiresAt: null,
  tier: 2,
  premiumUntil: null,
  availableUntil: null,
  visits: [],
  isPublic: true,
  photos: [
    { id: 'sign', adId: 100001, isVerification: true, width: 1200, height: 1600 },
    { id: 'first', adId: 100001, isVerification: false, width: 1600, height: 1200 },
  ],
};

describe('toPublicAdView: what the public sees of an ad', () => {
  it('shows the phone to call by default, and never the email', () => {
    const view = toPublicAdView(row);
    expect(view.contacts).toEqual([
      { kind: 'call', href: 'tel:+17022084567', text: '(702) 208-4567' },
    ]);
    expect(JSON.stringify(view)).not.toContain(row.email);
  });

  it('lists the chosen kinds in the order call, text, email', () => {
    const view = toPublicAdView({ ...row, publicContacts: ['email', 'text'] });
    expect(view.contacts.map((c) => c.href)).toEqual([
      'sms:+17022084567',
      'mailto:account.owner@example.com',
    ]);
  });

  it('leaves out the phone when only the email is chosen', () => {
    const view = toPublicAdView({ ...row, publicContacts: ['email'] });
    expect(JSON.stringify(view)).not.toContain('208-4567');
  });

  it('never has the verification photo, nor the columns that decide visibility', () => {
    const view = toPublicAdView(row);
    expect(view.photos).toEqual([{ id: 'first', adId: 100001, width: 1600, height: 1200 }]);
    expect(view).not.toHaveProperty('email');
    expect(view).not.toHaveProperty('phone');
    expect(view).not.toHaveProperty('siteId');
    expect(view).not.toHaveProperty('status');
    expect(view).not.toHaveProperty('phoneE164');
  });

  it('formats a North American number for reading and dials it in E.164', () => {
    const view = toPublicAdView({ ...row, publicContacts: ['call', 'text'] });
    expect(view.contacts.map((c) => [c.href, c.text])).toEqual([
      ['tel:+17022084567', '(702) 208-4567'],
      ['sms:+17022084567', '(702) 208-4567'],
    ]);
  });

  it('falls back to the digits typed when the number has no E.164 form', () => {
    const view = toPublicAdView({ ...row, phone: '0044 20 7946 0958', phoneE164: null });
    expect(view.contacts[0]).toMatchObject({
      href: 'tel:00442079460958',
      text: '0044 20 7946 0958',
    });
  });

  it('badges premium while it runs, VIP for a paid ad, none for a free one', () => {
    expect(toPublicAdView({ ...row, tier: 0 }).badge).toBe('premium');
    expect(toPublicAdView({ ...row, tier: 1 }).badge).toBe('vip');
    expect(toPublicAdView(row).badge).toBeNull();
  });
});
