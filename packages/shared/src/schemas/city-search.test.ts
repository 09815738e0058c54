import { describe, expect, it } from 'vitest';
import {
  cityQueryString,
  citySearchLimits,
  isFilteredCityQuery,
  noCityFilters,
  parseCityQuery,
} from './city-search.js';

describe('reading a city page query: it never fails', () => {
  it('reads every filter, repeated choices in the form’s order, each once', () => {
    const query = parseCityQuery({
      q: '  relaxing   massage ',
      age_min: '21',
      age_max: '35',
      ethnicity: ['mixed', 'asian', 'asian'],
      business: 'independent',
      incalls: ['hotel', 'any'],
      outcalls: 'hotel',
      verified: '1',
      photos: 'on',
      available: '1',
      sort: 'newest',
      page: '3',
    });
    expect(query).toEqual({
      filters: {
        q: 'relaxing massage',
        ageMin: 21,
        ageMax: 35,
        ethnicity: ['asian', 'mixed'],
        business: ['independent'],
        incalls: ['any', 'hotel'],
        outcalls: ['hotel'],
        verified: true,
        photos: true,
        available: true,
        sort: 'newest',
      },
      page: 3,
      ignored: [],
    });
  });

  it('ignores what it cannot read and names it; the rest still counts', () => {
    const query = parseCityQuery({
      age_min: '18',
      age_max: 'forty',
      ethnicity: ['asian', 'martian'],
      incalls: 'no',
      verified: 'yes please',
      sort: 'cheapest',
      unknown: 'x',
    });
    expect(query.ignored).toEqual([
      'age_min',
      'age_max',
      'ethnicity',
      'incalls',
      'verified',
      'sort',
    ]);
    expect(query.filters).toEqual({ ...noCityFilters, ethnicity: ['asian'] });
    expect(query.page).toBe(1);
  });

  it('cuts long keywords, swaps ages the wrong way round, keeps the last of a repeated value', () => {
    const long = parseCityQuery({ q: `${'é'.repeat(99)}😀😀` });
    expect(Array.from(long.filters.q ?? '')).toHaveLength(citySearchLimits.keywordsMax);
    expect(long.filters.q?.endsWith('😀')).toBe(true);
    const swapped = parseCityQuery({ age_min: '50', age_max: '30' });
    expect([swapped.filters.ageMin, swapped.filters.ageMax]).toEqual([30, 50]);
    expect(parseCityQuery({ page: ['2', '5'], q: ['a', 'b'] })).toMatchObject({
      page: 5,
      filters: { q: 'b' },
    });
    expect(parseCityQuery({ q: '', age_min: '', ethnicity: [''], page: '' })).toEqual({
      filters: noCityFilters,
      page: 1,
      ignored: [],
    });
  });

  it('answers no page for a page number that names none', () => {
    for (const page of ['0', '-1', 'abc', '10000', '1.5']) {
      expect(parseCityQuery({ page }).page, page).toBeNull();
    }
  });

  it('writes the normalised query back: the links and the cache key', () => {
    const { filters } = parseCityQuery({
      sort: 'newest',
      outcalls: 'any',
      q: 'a&b',
      ethnicity: ['mixed', 'asian'],
      available: 'true',
    });
    expect(cityQueryString(filters, 2)).toBe(
      '?q=a%26b&ethnicity=asian&ethnicity=mixed&outcalls=any&available=1&sort=newest&page=2',
    );
    expect(cityQueryString(noCityFilters, 1)).toBe('');
    expect(cityQueryString(noCityFilters, 4)).toBe('?page=4');
    expect(isFilteredCityQuery(noCityFilters)).toBe(false);
    expect(isFilteredCityQuery({ ...noCityFilters, sort: 'newest' })).toBe(true);
    expect(isFilteredCityQuery({ ...noCityFilters, photos: true })).toBe(true);
  });
});
