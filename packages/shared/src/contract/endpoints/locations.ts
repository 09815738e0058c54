import { z } from 'zod';
import {
  citiesQuerySchema,
  cityOptionSchema,
  countryOptionSchema,
} from '../../schemas/locations.js';
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
