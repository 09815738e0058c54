import { adStatsMessages, type AdStats } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcDay } from '../src/modules/ad-stats/stats-days.js';
import { registerVerified, relaxedLimiter, type SignedIn } from './support/accounts.js';
import { createAd } from './support/ads.js';
import { makeAdPublic } from './support/moderation.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

const VEGAS = 'las-vegas.localhost:3000';
const BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const PREVIEW = 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)';

/*
 * Issue 29, each ad's statistics, on PostgreSQL: what the public pages count (a person
 * once a day per ad and kind; no crawler, no preview), and what the owner reads.
 */
describe("each ad's statistics", () => {
  let t: TestApp;
  let owner: SignedIn;
  let stranger: SignedIn;

  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter(), publicPageTtlMs: 60_000 });
    owner = await registerVerified(t.app, 'stats-owner@example.com', 'a long enough passphrase');
    stranger = await registerVerified(t.app, 'stats-other@example.com', 'another passphrase ok');
  });
  afterAll(async () => {
    await t.close();
  });

  const liveAd = async (title: string) => {
    const { postId } = await createAd(t.app, { session: owner.token, overrides: { title } });
    await makeAdPublic(t, postId, { postedMinutesAgo: 60, listedMinutesAgo: 60 });
    return postId;
  };
  const view = (app: TestApp, id: string, address: string, agent?: string) =>
    call(app.app, 'GET', `/ads/details/${id}`, {
      // '' sends no User-Agent of any use (inject's own would be 'lightMyRequest').
      headers: { host: VEGAS, 'user-agent': agent ?? '' },
      remoteAddress: address,
    });
  const tap = (id: string, kind: string, address: string, agent = BROWSER) =>
    call(t.app, 'POST', `/ads/details/${id}/tap/${kind}`, {
      headers: { host: VEGAS, 'content-type': 'text/ping', 'user-agent': agent },
      body: 'PING',
      remoteAddress: address,
    });
  const stats = async (id: string, query = '', session = owner.token) =>
    call(t.app, 'GET', `/api/post/${id}/stats${query}`, { headers: { session } });
  const today = async (id: string) => {
    const res = await stats(id, '?days=1');
    expect(res.status, res.text).toBe(200);
    return (res.json as AdStats).days[0];
  };

  it('counts a person once a day per ad, never a crawler, a link preview or a request with no browser', async () => {
    const id = await liveAd('Counted views');
    expect((await view(t, id, '10.0.0.1', BROWSER)).status).toBe(200);
    expect((await view(t, id, '10.0.0.1', BROWSER)).status).toBe(200);
    expect((await view(t, id, '10.0.0.2', BROWSER)).status).toBe(200);
    expect((await view(t, id, '10.0.0.3', GOOGLEBOT)).status).toBe(200);
    expect((await view(t, id, '10.0.0.4', PREVIEW)).status).toBe(200);
    expect((await view(t, id, '10.0.0.5')).status).toBe(200);
    expect(await today(id)).toMatchObject({ views: 2, appearances: 0 });
  });

  it('counts taps by kind, once a day per visitor and kind; the page pings for each contact', async () => {
    const id = await liveAd('Counted taps');
    const page = await view(t, id, '10.0.1.1', BROWSER);
    expect(page.text).toContain(`ping="/ads/details/${id}/tap/call"`);
    for (const kind of ['call', 'call', 'text', 'email']) {
      expect((await tap(id, kind, '10.0.1.1')).status).toBe(204);
    }
    expect((await tap(id, 'call', '10.0.1.2')).status).toBe(204);
    expect((await tap(id, 'call', '10.0.1.3', GOOGLEBOT)).status).toBe(204);
    expect((await tap(id, 'fax', '10.0.1.4')).status).toBe(204);
    expect(await today(id)).toMatchObject({ views: 1, taps: { call: 2, text: 1, email: 1 } });
  });

  it('counts an appearance for each ad a city page lists, cached pages too', async () => {
    const id = await liveAd('Counted appearances');
    for (const address of ['10.0.2.1', '10.0.2.1', '10.0.2.2']) {
      const res = await call(t.app, 'GET', '/', {
        headers: { host: VEGAS, 'user-agent': BROWSER },
        remoteAddress: address,
      });
      expect(res.status).toBe(200);
      expect(res.text).toContain(`/ads/details/${id}`);
    }
    await call(t.app, 'GET', '/', {
      headers: { host: VEGAS, 'user-agent': GOOGLEBOT },
      remoteAddress: '10.0.2.3',
    });
    expect(await today(id)).toMatchObject({ appearances: 2, views: 0 });
  });

  it('answers one row per day, oldest first, zeros included (30 by default, up to 90)', async () => {
    const id = await liveAd('Empty days');
    const res = await stats(id);
    expect(res.status, res.text).toBe(200);
    const days = (res.json as AdStats).days;
    expect(days).toHaveLength(30);
    expect(days.at(-1)?.date).toBe(utcDay(new Date()));
    expect(days.map((d) => d.date)).toEqual([...days.map((d) => d.date)].sort());
    expect(new Set(days.map((d) => d.date)).size).toBe(30);
    expect(days[0]).toEqual({
      date: days[0]?.date,
      appearances: 0,
      views: 0,
      taps: { call: 0, text: 0, email: 0 },
    });
    const ninety = await stats(id, '?days=90');
    expect((ninety.json as AdStats).days).toHaveLength(90);
  });

  it('refuses more than 90 days, or fewer than 1, with the catalogue message', async () => {
    const id = await liveAd('Too many days');
    for (const query of ['?days=91', '?days=0', '?days=abc']) {
      const res = await stats(id, query);
      expect(res.status, query).toBe(400);
      expect(res.text).toContain(adStatsMessages.days);
    }
  });

  it("refuses another's ad as every ad call does, and an ad that is not there with 404", async () => {
    const id = await liveAd('Not yours');
    const other = await stats(id, '', stranger.token);
    expect(other.status).toBe(403);
    expect(other.text).not.toContain('views');
    expect((await stats('999999', '')).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/post/${id}/stats`)).status).toBe(403);
  });

  it('writes what is counted when a server stops cleanly: nothing is lost', async () => {
    const id = await liveAd('Stopped server');
    const second = await createTestApp({
      databaseUrl: t.databaseUrl,
      limiter: relaxedLimiter(),
    });
    for (let i = 1; i <= 5; i += 1) {
      expect((await view(second, id, `10.0.3.${i}`, BROWSER)).status).toBe(200);
    }
    await second.close();
    expect(await today(id)).toMatchObject({ views: 5 });
  });
});
