import { lifecycle, moderationMessages, publicPageText } from '@adboard/shared';
import { waitText } from '../src/modules/public-pages/page-text.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, sqlCount, type SignedIn } from './support/accounts.js';
import { createAd, expectErrorBody } from './support/ads.js';
import { makeAdPublic } from './support/moderation.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

const VEGAS = 'las-vegas.localhost:3000';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

interface ReportRow {
  reason: string;
  details: string;
  priority: number;
  reporter_hash: string;
}

describe('visitors report a public ad, at most 5 times an hour per address', () => {
  let t: TestApp;
  let owner: SignedIn;
  // The real limits: this file is about them.
  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerVerified(t.app, 'owner@example.com', 'a long enough passphrase');
  });
  afterAll(async () => {
    await t.close();
  });

  async function publicAd(): Promise<string> {
    const ad = await createAd(t.app, { session: owner.token });
    await makeAdPublic(t, ad.postId);
    return ad.postId;
  }

  const reportJson = (id: string, body: unknown, ip: string) =>
    call(t.app, 'POST', `/ads/details/${id}/report`, {
      headers: { host: VEGAS },
      body,
      remoteAddress: ip,
    });

  const reportForm = (id: string, fields: Record<string, string>, ip: string) =>
    call(t.app, 'POST', `/ads/details/${id}/report`, {
      headers: { host: VEGAS, ...FORM },
      body: new URLSearchParams(fields).toString(),
      remoteAddress: ip,
    });

  async function reportsOf(id: string): Promise<ReportRow[]> {
    const result = await t.database.pool.query<ReportRow>(
      'SELECT reason, details, priority, reporter_hash FROM ad_reports WHERE ad_id = $1 ORDER BY created_at',
      [id],
    );
    return result.rows;
  }

  it('stores a JSON report with the reason’s priority and no address, and answers success', async () => {
    const id = await publicAd();
    const res = await reportJson(
      id,
      { reason: 'underage', details: '  Looks 15.  ' },
      '198.51.100.1',
    );
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true });
    const [row] = await reportsOf(id);
    expect(row).toMatchObject({ reason: 'underage', details: 'Looks 15.', priority: 0 });
    expect(row?.reporter_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.reporter_hash).not.toContain('198.51.100.1');
  });

  it('puts underage and trafficking first, scam next, the rest after', async () => {
    const id = await publicAd();
    const ip = '198.51.100.2';
    for (const reason of ['trafficking', 'scam', 'not_the_person', 'wrong_contact', 'other']) {
      expect((await reportJson(id, { reason }, ip)).status).toBe(200);
    }
    expect((await reportsOf(id)).map((r) => [r.reason, r.priority])).toEqual([
      ['trafficking', 0],
      ['scam', 1],
      ['not_the_person', 1],
      ['wrong_contact', 2],
      ['other', 2],
    ]);
    // The same address on the same day gives the same hash: a flood is visible.
    expect(new Set((await reportsOf(id)).map((r) => r.reporter_hash)).size).toBe(1);
  });

  it('takes the page’s form, redirects back to the ad and thanks the visitor there', async () => {
    const id = await publicAd();
    const res = await reportForm(
      id,
      { reason: 'scam', details: 'Asked for a deposit & more' },
      '198.51.100.3',
    );
    expect(res.status).toBe(303);
    // At the report section: on a phone the thanks would be out of view at the top.
    expect(res.headers.location).toBe(`/en/ads/details/${id}?reported=1#report`);
    expect(await reportsOf(id)).toMatchObject([
      { reason: 'scam', details: 'Asked for a deposit & more', priority: 1 },
    ]);

    const back = await call(t.app, 'GET', `/ads/details/${id}?reported=1`, {
      headers: { host: VEGAS },
    });
    expect(back.status).toBe(200);
    expect(back.text).toContain(publicPageText('en').reportThanks);
    expect(back.text).not.toContain(`action="/en/ads/details/${id}/report#report"`);
    // Not the canonical page: nobody else keeps it.
    expect(back.headers['cache-control']).toBe('no-store');
  });

  it('answers the form with the page and the reason when the input is refused', async () => {
    const id = await publicAd();
    const res = await reportForm(id, { reason: 'because', details: '' }, '198.51.100.4');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toContain(moderationMessages.reportReasonUnknown);
    // The answer opens on the report section again (the form's action names it).
    expect(res.text).toContain(`action="/en/ads/details/${id}/report#report"`);

    const long = await reportJson(
      id,
      { reason: 'scam', details: 'x'.repeat(2001) },
      '198.51.100.4',
    );
    expectErrorBody(long, 400);
    expect(long.json).toMatchObject({ error: moderationMessages.reportDetailsTooLong });
    expect(await reportsOf(id)).toEqual([]);
  });

  it('refuses a report of an ad that is not public with 404', async () => {
    const hidden = await createAd(t.app, { session: owner.token });
    const json = await reportJson(hidden.postId, { reason: 'scam' }, '198.51.100.5');
    expectErrorBody(json, 404);
    expect(json.json).toEqual({ success: false, error: publicPageText('en').notFoundText });
    const form = await reportForm(hidden.postId, { reason: 'scam' }, '198.51.100.5');
    expect(form.status).toBe(404);
    expect(form.text).toContain(publicPageText('en').notFoundText);
    // Nor one of another city, from this city's host.
    const elsewhere = await createAd(t.app, {
      session: owner.token,
      overrides: { city: 'orlando' },
    });
    await makeAdPublic(t, elsewhere.postId);
    expectErrorBody(await reportJson(elsewhere.postId, { reason: 'scam' }, '198.51.100.5'), 404);
    expect(
      await sqlCount(t, 'SELECT count(*) AS n FROM ad_reports WHERE ad_id IN ($1, $2)', [
        hidden.postId,
        elsewhere.postId,
      ]),
    ).toBe(0);
  });

  it(`refuses the ${lifecycle.reportsPerHour + 1}th report in an hour from one address with 429`, async () => {
    const id = await publicAd();
    const ip = '198.51.100.6';
    for (let i = 0; i < lifecycle.reportsPerHour; i++) {
      expect((await reportJson(id, { reason: 'other' }, ip)).status).toBe(200);
    }
    const json = await reportJson(id, { reason: 'other' }, ip);
    expectErrorBody(json, 429);
    expect(Number(json.headers['retry-after'])).toBeGreaterThan(3000);

    const form = await reportForm(id, { reason: 'other' }, ip);
    expect(form.status).toBe(429);
    expect(form.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(form.headers['retry-after']).toBeDefined();
    expect(form.text).toContain(
      publicPageText('en').reportLimited({
        wait: waitText(Number(form.headers['retry-after']), 'en'),
      }),
    );
    expect(form.text).toMatch(/try again in \d+ minutes\./);
    expect(await reportsOf(id)).toHaveLength(lifecycle.reportsPerHour);

    // Another address is not held back.
    expect((await reportJson(id, { reason: 'other' }, '198.51.100.7')).status).toBe(200);
  });

  it('accepts the form from its own page and refuses a post from another site', async () => {
    const id = await publicAd();
    const own = await call(t.app, 'POST', `/ads/details/${id}/report`, {
      headers: { host: VEGAS, origin: `http://${VEGAS}`, ...FORM },
      body: 'reason=explicit',
      remoteAddress: '198.51.100.8',
    });
    expect(own.status).toBe(303);
    const foreign = await call(t.app, 'POST', `/ads/details/${id}/report`, {
      headers: { host: VEGAS, origin: 'https://evil.example', ...FORM },
      body: 'reason=explicit',
      remoteAddress: '198.51.100.8',
    });
    expect(foreign.status).toBe(403);
    expect(await reportsOf(id)).toHaveLength(1);
  });

  it('serves every public page with a referrer policy that lets its form post its origin', async () => {
    const id = await publicAd();
    const res = await call(t.app, 'GET', `/ads/details/${id}`, { headers: { host: VEGAS } });
    // With 'no-referrer' a browser posts the form with `Origin: null`, which is refused.
    expect(res.headers['referrer-policy']).toBe('same-origin');
    const app = await call(t.app, 'GET', '/api/site');
    expect(app.headers['referrer-policy']).toBe('no-referrer');
  });
});
