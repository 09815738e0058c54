import { describe, expect, it } from 'vitest';
import { citiesQuerySchema } from './locations.js';

describe('citiesQuerySchema', () => {
  it('defaults to US', () => {
    expect(citiesQuerySchema.parse({})).toEqual({ country: 'US' });
  });

  it('accepts the country code in any case', () => {
    expect(citiesQuerySchema.parse({ country: 'ca' })).toEqual({ country: 'CA' });
    expect(citiesQuerySchema.parse({ country: ' Us ' })).toEqual({ country: 'US' });
  });

  it('refuses a country the site does not serve', () => {
    expect(citiesQuerySchema.safeParse({ country: 'FR' }).success).toBe(false);
    expect(citiesQuerySchema.safeParse({ country: 'USA' }).success).toBe(false);
  });
});
