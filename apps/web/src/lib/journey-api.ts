import {
  adActivationEndpoint,
  cityPricesEndpoint,
  type AdActivation,
  type CityPrices,
} from '@adboard/shared';
import { call } from './client';

/**
 * The advertiser's journey (issue 16): the prices of a city on the type step, and
 * what an ad's mail holds after it is submitted. The numbers are the server's.
 */
export const journeyApi = {
  /** GET /api/prices: each option of VIP and premium for the city, in fiat and in BTC. */
  getCityPrices(country: string, city: string): Promise<CityPrices> {
    return call(cityPricesEndpoint, { query: { country, city } });
  },

  /** GET /api/post/{id}/activation: where the mail went, its links and their lifetimes. */
  getAdActivation(adId: string): Promise<AdActivation> {
    return call(adActivationEndpoint, { params: { id: adId } }, { adId });
  },
};
