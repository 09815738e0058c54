import { z } from 'zod';
import { textSchema } from './common.js';

export const countryCodeSchema = z.enum(['US', 'CA']);
export type CountryCode = z.infer<typeof countryCodeSchema>;

export const countryOptionSchema = z.object({
  _id: z.object({ country: z.string(), country_full: z.string() }),
});
export type CountryOption = z.infer<typeof countryOptionSchema>;

export const cityOptionSchema = z.object({
  city: z.string(),
  city_full: z.string(),
  region: z.string(),
});
export type CityOption = z.infer<typeof cityOptionSchema>;

export const citiesQuerySchema = z.object({
  country: textSchema().toUpperCase().pipe(countryCodeSchema).default('US'),
});
