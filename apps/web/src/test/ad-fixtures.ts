import type {
  AdToolState,
  CityOption,
  CityPrices,
  CountryOption,
  Photo,
  Ad,
  AdListRow,
} from '@adboard/shared';
import { jsonResponse } from './helpers';

export const testCountries: CountryOption[] = [
  { _id: { country: 'CA', country_full: 'Canada' } },
  { _id: { country: 'US', country_full: 'United States' } },
];

export const testCities: Record<string, CityOption[]> = {
  US: [
    { city: 'boston', city_full: 'Boston', region: 'MA' },
    { city: 'las-vegas', city_full: 'Las Vegas', region: 'NV' },
  ],
  CA: [{ city: 'toronto', city_full: 'Toronto', region: 'ON' }],
};

/** The server's prices of a city (GET /api/prices), as the type step shows them. */
export const testCityPrices: CityPrices = {
  country: 'US',
  city: 'las-vegas',
  currency: 'USD',
  tier: 2,
  rate: { value: '60000.00', at: '2030-01-10T12:00:00.000Z' },
  products: {
    paid: [
      { id: 'DAYS_180', days: 183, amount: '55.00', btc: '0.00091667' },
      { id: 'DAYS_60', days: 60, amount: '23.00', btc: '0.00038334' },
      { id: 'DAYS_30', days: 30, amount: '14.00', btc: '0.00023334' },
    ],
    premium: [
      { id: 'DAYS_30', days: 30, amount: '135.00', btc: '0.00225000' },
      { id: 'DAYS_15', days: 15, amount: '70.00', btc: '0.00116667' },
      { id: 'DAYS_4', days: 4, amount: '25.00', btc: '0.00041667' },
    ],
  },
};

/** Handlers for the location lookups and the prices of the type step. */
export const locationHandlers = {
  'GET /api/countries': () => jsonResponse(testCountries),
  'GET /api/cities': () => jsonResponse(testCities.US),
  'GET /api/prices': () => jsonResponse(testCityPrices),
};

/** A draft's tools: none of pause, resume or Available now applies. */
export const noTools: AdToolState = {
  availableUntil: null,
  availableStartsLeft: 3,
  availableStartable: false,
  pausable: false,
  resumable: false,
  visitsPlannable: false,
  startsOn: null,
};

export const testAd: Ad = {
  post_id: '100234',
  type: 'free_verified',
  status: 'incomplete',
  title: 'Evening companionship downtown',
  description: '<p>Relaxed evenings and good conversation.</p>',
  age: 25,
  ethnicity: 'mixed',
  phone: '702-208-4567',
  email: 'ada@example.com',
  name: 'Ada',
  business: 'independent',
  incalls: null,
  outcalls: 'hotel',
  backlink: null,
  contacts: ['call'],
  rates: [],
  hours: null,
  starts_on: null,
  tools: noTools,
  country: 'US',
  country_full: 'United States',
  city: 'las-vegas',
  city_full: 'Las Vegas',
  region: 'NV',
  photos: [],
  verification_photo_code: 'K7P4QX',
  paid: false,
  product: null,
  expiry: null,
  premium_until: null,
  approved: false,
  posted: null,
  flagged: false,
  lifecycle: {
    payable: false,
    premiumPayable: true,
    // A draft: premium may be bought through the API, but featuring is not offered.
    featurable: false,
    editable: true,
    editNeedsReview: false,
    submittable: true,
    freeTypeChoosable: false,
    resubmittable: false,
    renewable: false,
    pendingRevision: false,
    revisionRejection: null,
    heldPaidDays: 0,
    heldPremiumDays: 0,
    featured: false,
  },
  verification: {
    verified_email: false,
    verified_phone: false,
    phone_verify: false,
    error: null,
  },
};

export const testRow: AdListRow = {
  postId: '100234',
  title: 'Evening companionship downtown',
  location: 'Las Vegas, NV',
  posted: '2025-01-02T10:00:00.000Z',
  status: 'pending',
  daysLeft: 30,
  product: null,
  type: 'free',
  city: 'las-vegas',
  country: 'US',
  premiumUntil: null,
  paid: false,
  heldPaidDays: 0,
  heldPremiumDays: 0,
  pendingRevision: false,
  featurable: true,
  rejectionCode: null,
  rejectionNote: null,
  refundOffered: false,
  tools: noTools,
};

/** A photo of testAd; `n` makes the id (a UUID, as the server's) and the url. */
export function testPhoto(n: number, extra: Partial<Photo> = {}): Photo {
  const photoId = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    photo_id: photoId,
    url: `/photos/100234/${photoId}-1600.webp`,
    primary: false,
    verification: false,
    ...extra,
  };
}
