import type { CityOption } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLocations } from '../src/modules/locations/seed-locations.js';
import { sqlCount } from './support/accounts.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

describe('locations: GET /api/countries and /api/cities', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const cities = async (query: string) => {
    const res = await call(t.app, 'GET', `/api/cities${query}`);
    return { ...res, rows: res.json as CityOption[] };
  };

  function expectSortedByName(rows: CityOption[]) {
    const names = rows.map((r) => r.city_full);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  }

  it('lists the two countries sorted by name', async () => {
    const res = await call(t.app, 'GET', '/api/countries');
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      { _id: { country: 'CA', country_full: 'Canada' } },
      { _id: { country: 'US', country_full: 'United States' } },
    ]);
  });

  it('lists at least 60 US cities, sorted by name, including Las Vegas', async () => {
    const { status, rows } = await cities('?country=US');
    expect(status).toBe(200);
    expect(rows.length).toBeGreaterThanOrEqual(60);
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(['city', 'city_full', 'region']);
      expect(row.city).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(row.region).toMatch(/^[A-Z]{2}$/);
    }
    expectSortedByName(rows);
    expect(rows).toContainEqual({ city: 'las-vegas', city_full: 'Las Vegas', region: 'NV' });
    expect(new Set(rows.map((r) => r.city)).size).toBe(rows.length);
  });

  it('answers US when no country is given', async () => {
    const { rows } = await cities('');
    expect(rows.map((r) => r.city)).toContain('las-vegas');
    expect(rows).toEqual((await cities('?country=US')).rows);
  });

  it('lists at least 12 Canadian cities, and accepts the code in lower case', async () => {
    const upper = await cities('?country=CA');
    expect(upper.status).toBe(200);
    expect(upper.rows.length).toBeGreaterThanOrEqual(12);
    expectSortedByName(upper.rows);
    expect(upper.rows.map((r) => r.city)).toContain('toronto');
    expect(upper.rows.map((r) => r.city)).not.toContain('las-vegas');
    const lower = await cities('?country=ca');
    expect(lower.status).toBe(200);
    expect(lower.rows).toEqual(upper.rows);
  });

  it('refuses a country it does not serve with 400', async () => {
    const res = await call(t.app, 'GET', '/api/cities?country=FR');
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, fields: { country: expect.any(String) } });
  });

  it('sends an ETag and answers If-None-Match with 304 and no body', async () => {
    for (const url of ['/api/cities?country=US', '/api/countries']) {
      const first = await call(t.app, 'GET', url);
      const etag = first.headers.etag;
      expect(typeof etag).toBe('string');
      const again = await call(t.app, 'GET', url, { headers: { 'if-none-match': String(etag) } });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
    }
    const us = await call(t.app, 'GET', '/api/cities?country=US');
    // A compressing proxy hands the browser a weak tag; it must still match.
    const weak = await call(t.app, 'GET', '/api/cities?country=US', {
      headers: { 'if-none-match': `"stale", W/${String(us.headers.etag)}` },
    });
    expect(weak.status).toBe(304);
    const ca = await call(t.app, 'GET', '/api/cities?country=CA', {
      headers: { 'if-none-match': String(us.headers.etag) },
    });
    expect(ca.status).toBe(200);
    expect(ca.headers.etag).not.toBe(us.headers.etag);
  });

  it('seeds idempotently: a second seed changes no counts', async () => {
    const count = async () => ({
      countries: await sqlCount(t, 'select count(*) as n from countries'),
      cities: await sqlCount(t, 'select count(*) as n from cities'),
    });
    const before = await count();
    const etag = (await call(t.app, 'GET', '/api/cities?country=US')).headers.etag;
    await seedLocations(t.database);
    expect(await count()).toEqual(before);
    expect((await call(t.app, 'GET', '/api/cities?country=US')).headers.etag).toBe(etag);
  });

  it('marks exactly 24 US cities tier 2, the largest markets among them, and no Canadian one', async () => {
    const { rows } = await t.database.pool.query<{ slug: string }>(
      "select slug from cities where country_code = 'US' and tier = 2",
    );
    const tier2 = rows.map((r) => r.slug);
    expect(tier2).toHaveLength(24);
    for (const slug of [
      'atlanta',
      'boston',
      'denver',
      'houston',
      'seattle',
      'san-francisco',
      'las-vegas',
      'orlando',
    ]) {
      expect(tier2).toContain(slug);
    }
    expect(
      await sqlCount(t, "select count(*) as n from cities where country_code = 'CA' and tier = 2"),
    ).toBe(0);
  });
});
