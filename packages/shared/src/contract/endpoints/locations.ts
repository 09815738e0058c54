import { z } from 'zod';
import {
  citiesQuerySchema,
  cityOptionSchema,
  countryOptionSchema,
} from '../../schemas/locations.js';
import { cityPricesQuerySchema, cityPricesSchema } from '../../schemas/journey.js';
import { endpoint } from '../endpoint.js';

const tag = 'Locations';
/** 304: the `If-None-Match` the browser sent names this list's `ETag`; no body. */
const notModified = z.undefined();

export const listCountries = endpoint({
  method: 'GET',
  path: '/api/countries',
  summary: 'The countries served, sorted by name; with an ETag, 304 when the browser holds them.',
  tag,
  access: 'anyone',
  responses: { 200: z.array(countryOptionSchema), 304: notModified },
  errors: [],
});

export const listCities = endpoint({
  method: 'GET',
  path: '/api/cities',
  summary:
    "A country's cities (US when none is given), sorted by name; with an ETag, 304 when the browser holds them.",
  tag,
  access: 'anyone',
  query: citiesQuerySchema,
  responses: { 200: z.array(cityOptionSchema), 304: notModified },
  errors: [],
});

/**
 * The type step's prices: each option of the paid products for a city of this
 * site, from the server's price rule (the city's tier), in the site's currency and
 * in BTC at the current rate. An order charges exactly these amounts at that rate.
 */
export const cityPricesEndpoint = endpoint({
  method: 'GET',
  path: '/api/prices',
  summary:
    "The options of VIP and premium for a city of this site: the site's currency and BTC at the current rate (null when none).",
  tag,
  access: 'anyone',
  query: cityPricesQuerySchema,
  responses: { 200: cityPricesSchema },
  errors: ['not_found'],
});
