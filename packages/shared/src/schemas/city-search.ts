import { z } from 'zod';
import { businessOptions, ethnicityOptions, incallOptions, outcallOptions } from '../ad-options.js';
import { adLimits } from '../ad-options.js';

/**
 * The query of a city page (`/` on a city host): keywords, filters, order and page.
 * Part of the public contract (docs/api.md). Reading it never fails: each value that
 * is not one of these is ignored and named (`ignored`), so a shared or hand-edited
 * link still shows ads and says what it left out.
 */
export const citySorts = ['recommended', 'newest'] as const;
export type CitySort = (typeof citySorts)[number];

/** The filters that take several values (the parameter repeated); values are OR-ed. */
export const cityChoiceFilters = ['ethnicity', 'business', 'incalls', 'outcalls'] as const;
export type CityChoiceFilter = (typeof cityChoiceFilters)[number];

/** 'any' means "offers incalls / outcalls at all"; 'no' is not a filter. */
export const ANY_PLACE = 'any';

const valuesOf = (options: readonly { value: string }[]) =>
  options.map((option) => option.value).filter((value) => value !== 'no');

/** The values each choice filter accepts, in the form's order. */
export const cityChoiceValues: Record<CityChoiceFilter, readonly string[]> = {
  ethnicity: valuesOf(ethnicityOptions),
  business: valuesOf(businessOptions),
  incalls: [ANY_PLACE, ...valuesOf(incallOptions)],
  outcalls: [ANY_PLACE, ...valuesOf(outcallOptions).filter((value) => value !== ANY_PLACE)],
};

export const citySearchLimits = {
  /** Longer keywords are cut to this many characters. */
  keywordsMax: 100,
  ageMin: adLimits.ageMin,
  ageMax: 99,
  /** Highest page number a link may ask for (larger: not a page). */
  pageMax: 9999,
  /** Counts are exact up to this many matches; above it the page says "more than". */
  countCap: 1000,
} as const;

/** Every parameter the page reads, as its name in the URL (also the keys of `ignored`). */
export const cityQueryParams = [
  'q',
  'age_min',
  'age_max',
  'ethnicity',
  'business',
  'incalls',
  'outcalls',
  'verified',
  'photos',
  'available',
  'sort',
  'page',
] as const;
export type CityQueryParam = (typeof cityQueryParams)[number];

export interface CityFilters {
  /** Keywords, whitespace collapsed, at most `keywordsMax` characters; null for none. */
  q: string | null;
  ageMin: number | null;
  ageMax: number | null;
  ethnicity: string[];
  business: string[];
  incalls: string[];
  outcalls: string[];
  verified: boolean;
  photos: boolean;
  /** Only ads marked 'Available now' (issue 29). */
  available: boolean;
  sort: CitySort;
}

export interface CityQuery {
  filters: CityFilters;
  /** The page asked for; null when `page` names no page (the 404 page). */
  page: number | null;
  /** Parameters given with a value that was ignored, in `cityQueryParams` order. */
  ignored: CityQueryParam[];
}

export const noCityFilters: CityFilters = {
  q: null,
  ageMin: null,
  ageMax: null,
  ethnicity: [],
  business: [],
  incalls: [],
  outcalls: [],
  verified: false,
  photos: false,
  available: false,
  sort: 'recommended',
};

const age = z
  .string()
  .trim()
  .regex(/^\d{1,3}$/)
  .transform(Number)
  .pipe(z.number().int().min(citySearchLimits.ageMin).max(citySearchLimits.ageMax));
const flag = z.enum(['1', 'true', 'on']);
const sort = z.enum(citySorts);
const page = z
  .string()
  .regex(/^[1-9]\d{0,3}$/)
  .transform(Number);

type RawQuery = Record<string, unknown>;

/** A parameter's values as strings: one, several (repeated), or none; anything else is none. */
function valuesIn(query: RawQuery, name: string): string[] {
  const raw = query[name];
  if (typeof raw === 'string') return [raw];
  if (Array.isArray(raw)) return raw.filter((value): value is string => typeof value === 'string');
  return [];
}

/** The last non-empty value: a repeated single-value parameter keeps its last word. */
function lastValue(query: RawQuery, name: string): string | undefined {
  return valuesIn(query, name)
    .filter((value) => value.trim() !== '')
    .at(-1);
}

function keywordsOf(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  const words = raw.replace(/\s+/g, ' ').trim();
  if (words === '') return null;
  // Cut by code point, never inside a pair of surrogates.
  return Array.from(words).slice(0, citySearchLimits.keywordsMax).join('').trim();
}

/**
 * Reads a city page's query. Empty and repeated parameters are harmless; an unknown
 * value, a non-number or an age outside 19–99 is ignored and named; over-long
 * keywords are cut; two ages the wrong way round are swapped.
 */
export function parseCityQuery(query: RawQuery): CityQuery {
  const ignored = new Set<CityQueryParam>();
  const one = <T>(name: CityQueryParam, schema: z.ZodType<T>): T | null => {
    const raw = lastValue(query, name);
    if (raw === undefined) return null;
    const parsed = schema.safeParse(raw);
    if (parsed.success) return parsed.data;
    ignored.add(name);
    return null;
  };
  const choices = (name: CityChoiceFilter): string[] => {
    const allowed = cityChoiceValues[name];
    const given = valuesIn(query, name)
      .map((value) => value.trim())
      .filter((value) => value !== '');
    if (given.some((value) => !allowed.includes(value))) ignored.add(name);
    // In the form's order, each once.
    return allowed.filter((value) => given.includes(value));
  };

  let ageMin = one('age_min', age);
  let ageMax = one('age_max', age);
  if (ageMin !== null && ageMax !== null && ageMin > ageMax) [ageMin, ageMax] = [ageMax, ageMin];
  const pageRaw = lastValue(query, 'page');
  const filters: CityFilters = {
    q: keywordsOf(valuesIn(query, 'q').at(-1)),
    ageMin,
    ageMax,
    ethnicity: choices('ethnicity'),
    business: choices('business'),
    incalls: choices('incalls'),
    outcalls: choices('outcalls'),
    verified: one('verified', flag) !== null,
    photos: one('photos', flag) !== null,
    available: one('available', flag) !== null,
    sort: one('sort', sort) ?? 'recommended',
  };
  return {
    filters,
    page: pageRaw === undefined ? 1 : (page.safeParse(pageRaw).data ?? null),
    ignored: cityQueryParams.filter((name) => ignored.has(name)),
  };
}

/** Whether the filters narrow or reorder the city's ads (such a page is not indexed). */
export function isFilteredCityQuery(filters: CityFilters): boolean {
  return cityQueryString(filters, 1) !== '';
}

/**
 * The query string of these filters and page, normalised (fixed order, defaults left
 * out): the page's links, and its cache key. Empty for the city's first page.
 */
export function cityQueryString(filters: CityFilters, pageNumber: number): string {
  const params = new URLSearchParams();
  if (filters.q) params.append('q', filters.q);
  if (filters.ageMin !== null) params.append('age_min', String(filters.ageMin));
  if (filters.ageMax !== null) params.append('age_max', String(filters.ageMax));
  for (const name of cityChoiceFilters) {
    for (const value of filters[name]) params.append(name, value);
  }
  if (filters.verified) params.append('verified', '1');
  if (filters.photos) params.append('photos', '1');
  if (filters.available) params.append('available', '1');
  if (filters.sort !== 'recommended') params.append('sort', filters.sort);
  if (pageNumber > 1) params.append('page', String(pageNumber));
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
