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
  phone: '(702) 208-4567',
  email: 'account.owner@example.com',
  publicContacts: ['call'],
  ethnicity: null,
  business: null,
  incalls: null,
  outcalls: null,
  postedAt: null,
  expiresAt: null,
  isPublic: true,
  photos: [
    { id: 'sign', adId: 100001, isVerification: true },
    { id: 'first', adId: 100001, isVerification: false },
  ],
};

describe('toPublicAdView: what the public sees of an ad', () => {
  it('shows the phone to call by default, and never the email', () => {
    const view = toPublicAdView(row);
    expect(view.contacts).toEqual([
      { kind: 'call', label: 'Call', href: 'tel:7022084567', text: '(702) 208-4567' },
    ]);
    expect(JSON.stringify(view)).not.toContain(row.email);
  });

  it('lists the chosen kinds in the order call, text, email', () => {
    const view = toPublicAdView({ ...row, publicContacts: ['email', 'text'] });
    expect(view.contacts.map((c) => c.href)).toEqual([
      'sms:7022084567',
      'mailto:account.owner@example.com',
    ]);
  });

  it('leaves out the phone when only the email is chosen', () => {
    const view = toPublicAdView({ ...row, publicContacts: ['email'] });
    expect(JSON.stringify(view)).not.toContain('208-4567');
  });

  it('never has the verification photo, nor the columns that decide visibility', () => {
    const view = toPublicAdView(row);
    expect(view.photos).toEqual([{ id: 'first', adId: 100001 }]);
    expect(view).not.toHaveProperty('email');
    expect(view).not.toHaveProperty('phone');
    expect(view).not.toHaveProperty('siteId');
    expect(view).not.toHaveProperty('status');
  });
});
