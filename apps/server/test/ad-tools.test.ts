import {
  adMessages,
  adToolMessages,
  lifecycleMessages,
  mailMessages,
  sayAllIn,
  publicPageText,
  type Ad,
  type AdListRow,
  type AdToolResult,
  sayIn,
  adToolLimits,
} from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LifecycleJobDeps } from '../src/modules/lifecycle/lifecycle-deps.js';
import { runAdLifecycle } from '../src/modules/lifecycle/run-ad-lifecycle.js';
import { siteById } from '../src/modules/sites/site-by-id.js';
import { mailDate } from '../src/modules/accounts/mail-templates.js';
import { registerVerified, relaxedLimiter, type SignedIn } from './support/accounts.js';
import { adForm, adRow, createAd, expectFieldError } from './support/ads.js';
import { makeAdPublic, publishThroughReview, signedInWithRole } from './support/moderation.js';
import { readOutbox } from './support/outbox.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

/** The moderation mails' texts in English, as an English reader gets them. */
const moderationMail = sayAllIn('en', mailMessages.moderation);

const VEGAS = 'las-vegas.localhost:3000';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const dayFromToday = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

/*
 * Issue 29, the owner's tools: pause and resume, the scheduled start, and 'Available
 * now', through the API as the owner uses them, on PostgreSQL, and what the public
 * pages and the lifecycle job make of them.
 */
describe("the advertiser's tools", () => {
  let t: TestApp;
  let owner: SignedIn;
  let stranger: SignedIn;
  let moderator: SignedIn;
  let jobDeps: LifecycleJobDeps;

  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter(), publicPageTtlMs: 0 });
    owner = await registerVerified(t.app, 'tools-owner@example.com', 'a long enough passphrase');
    stranger = await registerVerified(t.app, 'tools-other@example.com', 'another passphrase ok');
    moderator = await signedInWithRole(t, 'tools-mod@example.com', 'moderator');
    jobDeps = {
      database: t.database,
      queue: t.queue,
      adChanges: t.adChanges,
      siteById: (site) => siteById(site),
    };
  });
  afterAll(async () => {
    await t.close();
  });

  const tool = (id: string, path: string, method: 'POST' | 'DELETE' = 'POST', body?: unknown) =>
    call(t.app, method, `/api/post/${id}/${path}`, {
      headers: { session: owner.token },
      ...(body === undefined ? {} : { body }),
    });
  const getAd = async (id: string): Promise<Ad> => {
    const res = await call(t.app, 'GET', `/api/post/${id}`, { headers: { session: owner.token } });
    expect(res.status, res.text).toBe(200);
    return res.json as Ad;
  };
  const myRow = async (id: string): Promise<AdListRow | undefined> => {
    const res = await call(t.app, 'GET', '/api/posts', { headers: { session: owner.token } });
    expect(res.status, res.text).toBe(200);
    return (res.json as AdListRow[]).find((row) => row.postId === id);
  };
  const adPage = (id: string) =>
    call(t.app, 'GET', `/ads/details/${id}`, { headers: { host: VEGAS } });
  const cityPage = (query = '') => call(t.app, 'GET', `/${query}`, { headers: { host: VEGAS } });
  const liveAd = async (title: string, type = 'free_verified') => {
    const { postId } = await createAd(t.app, {
      session: owner.token,
      type,
      overrides: { title },
    });
    await makeAdPublic(t, postId, { postedMinutesAgo: 3 * 24 * 60, listedMinutesAgo: 3 * 24 * 60 });
    return postId;
  };
  const cardOrder = (html: string, ids: string[]) =>
    ids
      .map((id) => ({ id, at: html.indexOf(`/ads/details/${id}"`) }))
      .filter((x) => x.at >= 0)
      .sort((a, b) => a.at - b.at)
      .map((x) => x.id);

  describe('pause and resume', () => {
    it('takes the ad off the public pages at once and puts it back, its time held to the second', async () => {
      const id = await liveAd('Paused and resumed');
      expect((await adPage(id)).status).toBe(200);
      const paused = await tool(id, 'pause');
      expect(paused.status, paused.text).toBe(200);
      expect((paused.json as AdToolResult).status).toBe('paused');
      expect((await adPage(id)).status).toBe(404);
      expect((await cityPage()).text).not.toContain(`/ads/details/${id}"`);
      const row = await myRow(id);
      expect(row?.status).toBe('paused');
      expect(row?.tools).toMatchObject({ pausable: false, resumable: true });

      // Paused for three days: the expiry moves on by as much.
      const before = await adRow(t, id);
      await t.database.pool.query(
        `UPDATE ads SET paused_at = paused_at - interval '3 days' WHERE id = $1`,
        [id],
      );
      const resumed = await tool(id, 'resume');
      expect(resumed.status, resumed.text).toBe(200);
      expect((resumed.json as AdToolResult).status).toBe('active');
      const after = await adRow(t, id);
      const moved = new Date(String(after.expires_at)).getTime();
      const was = new Date(String(before.expires_at)).getTime();
      expect(Math.abs(moved - (was + 3 * DAY))).toBeLessThan(60_000);
      expect(after.paused_at).toBeNull();
      expect((await adPage(id)).status).toBe(200);
    });

    it('refuses what makes no sense with a catalogue message, changing nothing', async () => {
      const id = await liveAd('Refusals of pause');
      expect((await tool(id, 'resume')).status).toBe(409);
      expect((await tool(id, 'resume')).json).toMatchObject({
        error: sayIn('en', adToolMessages.refused.resume),
      });
      expect((await tool(id, 'pause')).status).toBe(200);
      const frozen = await adRow(t, id);
      // A paused ad is kept as it was: no edit, no Available now, no second pause.
      const edit = await call(t.app, 'PATCH', '/api/post', {
        headers: { session: owner.token },
        body: { ...adForm, post_id: id, title: 'Changed while paused' },
      });
      expect(edit.status).toBe(409);
      expect(edit.json).toMatchObject({ error: sayIn('en', adToolMessages.refused.frozenPaused) });
      const available = await tool(id, 'available', 'POST', { duration_hours: 2 });
      expect(available.status).toBe(409);
      expect(available.json).toMatchObject({
        error: sayIn('en', adToolMessages.refused.frozenPaused),
      });
      expect((await tool(id, 'pause')).status).toBe(409);
      expect(await adRow(t, id)).toEqual(frozen);
      // Another's ad does not exist for them.
      // Another's ad: refused as every ad call refuses it.
      const other = await call(t.app, 'POST', `/api/post/${id}/resume`, {
        headers: { session: stranger.token },
      });
      expect(other.status).toBe(403);
      expect(other.json).toMatchObject({ error: sayIn('en', adMessages.access.forbidden) });
      expect(await adRow(t, id)).toEqual(frozen);
    });
  });

  describe('available now', () => {
    it('shows a badge with its end, comes first in its group, is a filter, and ends early', async () => {
      const others = [await liveAd('Not available one'), await liveAd('Not available two')];
      const id = await liveAd('Available right now');
      const started = await tool(id, 'available', 'POST', { duration_hours: 3 });
      expect(started.status, started.text).toBe(200);
      const tools = (started.json as AdToolResult).tools;
      expect(tools.availableStartsLeft).toBe(2);
      const until = new Date(tools.availableUntil ?? 0).getTime();
      expect(Math.abs(until - (Date.now() + 3 * HOUR))).toBeLessThan(60_000);

      const page = await adPage(id);
      expect(page.text).toContain(publicPageText('en').availableBadge);
      expect(page.text).toMatch(/until \d{1,2}:\d{2}\s?[AP]M P[SD]T/);
      const vip = await liveAd('A VIP ad, not available', 'paid');
      const city = (await cityPage()).text;
      // First within its own group: the free ads; never above a VIP ad.
      expect(cardOrder(city, [id, ...others, vip])).toEqual([vip, id, ...cardOrder(city, others)]);
      const filtered = (await cityPage('?available=1')).text;
      expect(filtered).toContain(`/ads/details/${id}"`);
      for (const other of others) expect(filtered).not.toContain(`/ads/details/${other}"`);

      const ended = await tool(id, 'available', 'DELETE');
      expect(ended.status, ended.text).toBe(200);
      expect((ended.json as AdToolResult).tools.availableUntil).toBeNull();
      expect((await adPage(id)).text).not.toContain(publicPageText('en').availableBadge);
      // Ending early gives no start back.
      expect((ended.json as AdToolResult).tools.availableStartsLeft).toBe(2);
    });

    it('starts at most 3 times in 24 hours', async () => {
      const id = await liveAd('Three times a day');
      for (let i = 0; i < 3; i++) {
        expect((await tool(id, 'available', 'POST', { duration_hours: 1 })).status).toBe(200);
      }
      const before = await adRow(t, id);
      const fourth = await tool(id, 'available', 'POST', { duration_hours: 1 });
      expect(fourth.status).toBe(409);
      expect(fourth.json).toMatchObject({
        error: sayIn(
          'en',
          adToolMessages.available.tooOften({
            maxStarts: adToolLimits.availableStartsPerDay,
            windowHours: adToolLimits.availableWindowHours,
          }),
        ),
      });
      expect(await adRow(t, id)).toEqual(before);
      // A start older than 24 hours no longer counts.
      await t.database.pool.query(
        `UPDATE ads SET available_starts = ARRAY[now() - interval '25 hours'] || available_starts[2:3]
           WHERE id = $1`,
        [id],
      );
      expect((await tool(id, 'available', 'POST', { duration_hours: 1 })).status).toBe(200);
    });

    it('refuses a wrong duration or an ad that is not public, changing nothing', async () => {
      const id = await liveAd('Wrong durations');
      const before = await adRow(t, id);
      for (const duration_hours of [0, 9, 1.5, '2', -1, null]) {
        const res = await tool(id, 'available', 'POST', { duration_hours });
        expect(res.status, String(duration_hours)).toBe(400);
        expectFieldError(
          res,
          'duration_hours',
          sayIn(
            'en',
            adToolMessages.available.duration({ maxHours: adToolLimits.availableHoursMax }),
          ),
        );
      }
      expect((await tool(id, 'available', 'POST', {})).status).toBe(400);
      expect(await adRow(t, id)).toEqual(before);
      const { postId: pending } = await createAd(t.app, { session: owner.token });
      const refused = await tool(pending, 'available', 'POST', { duration_hours: 2 });
      expect(refused.status).toBe(409);
      expect(refused.json).toMatchObject({
        error: sayIn('en', adToolMessages.available.notPublic),
      });
      const strangers = await call(t.app, 'POST', `/api/post/${id}/available`, {
        headers: { session: stranger.token },
        body: { duration_hours: 2 },
      });
      expect(strangers.status).toBe(403);
      expect(await adRow(t, id)).toEqual(before);
    });

    it('ends by itself: the lifecycle job clears it once its time is up', async () => {
      const id = await liveAd('Ends by itself');
      expect((await tool(id, 'available', 'POST', { duration_hours: 1 })).status).toBe(200);
      await t.database.pool.query(
        `UPDATE ads SET available_until = now() - interval '1 minute' WHERE id = $1`,
        [id],
      );
      // Already off the pages before the job runs.
      expect((await adPage(id)).text).not.toContain(publicPageText('en').availableBadge);
      const run = await runAdLifecycle(jobDeps, new Date());
      expect(run.availabilityEnded).toBeGreaterThanOrEqual(1);
      expect((await adRow(t, id)).available_until).toBeNull();
    });
  });

  describe('a scheduled start', () => {
    it('refuses a start date in the past, too far ahead or not a date, storing nothing', async () => {
      const { postId } = await createAd(t.app, { session: owner.token });
      const before = await adRow(t, postId);
      const edit = (starts_on: unknown) =>
        call(t.app, 'PATCH', '/api/post', {
          headers: { session: owner.token },
          body: { ...adForm, post_id: postId, starts_on },
        });
      expectFieldError(
        await edit(dayFromToday(-1)),
        'starts_on',
        sayIn('en', adToolMessages.startsOn.past),
      );
      expectFieldError(
        await edit(dayFromToday(91)),
        'starts_on',
        sayIn('en', adToolMessages.startsOn.tooFar({ maxDays: adToolLimits.startsOnMaxDaysAhead })),
      );
      expectFieldError(
        await edit('2027-02-30'),
        'starts_on',
        sayIn('en', adToolMessages.startsOn.format),
      );
      expectFieldError(
        await edit('tomorrow'),
        'starts_on',
        sayIn('en', adToolMessages.startsOn.format),
      );
      expect(await adRow(t, postId)).toEqual(before);
    });

    it('waits, approved, for its date, then goes public with its time starting then', async () => {
      const { postId } = await createAd(t.app, {
        session: owner.token,
        overrides: { starts_on: dayFromToday(2), title: 'Starts in two days' },
      });
      expect((await getAd(postId)).starts_on).toBe(dayFromToday(2));
      // The moderator sees the date the approval will wait for.
      const review = await call(t.app, 'GET', `/api/admin/posts/${postId}`, {
        headers: { session: moderator.token },
      });
      expect(review.json).toMatchObject({ startsOn: dayFromToday(2) });
      await publishThroughReview(t, postId, { owner, moderator });
      const scheduled = await adRow(t, postId);
      expect(scheduled.status).toBe('scheduled');
      expect(scheduled.expires_at).toBeNull();
      expect((await adPage(postId)).status).toBe(404);
      const mails = await readOutbox(t.app, 'tools-owner@example.com');
      // The start date in the reader's words ('January 3, 2030'), in UTC.
      const startsOn = mailDate(new Date(`${dayFromToday(2)}T00:00:00Z`), 'en');
      expect(
        mails.some((mail) =>
          mail.text.includes(moderationMail.approvedScheduledBody({ adId: postId, startsOn })),
        ),
      ).toBe(true);
      // A scheduled ad is not edited: what was approved is what goes public.
      const edit = await call(t.app, 'PATCH', '/api/post', {
        headers: { session: owner.token },
        body: { ...adForm, post_id: postId, title: 'Changed before it starts' },
      });
      expect(edit.status).toBe(409);
      expect(edit.json).toMatchObject({
        error: sayIn('en', adToolMessages.refused.frozenScheduled),
      });

      // The job the next day: not yet. Two days later: public, 30 days from then.
      expect((await runAdLifecycle(jobDeps, new Date(Date.now() + DAY))).started).toBe(0);
      expect((await adRow(t, postId)).status).toBe('scheduled');
      expect((await runAdLifecycle(jobDeps, new Date(Date.now() + 2 * DAY))).started).toBe(1);
      const live = await adRow(t, postId);
      expect(live.status).toBe('active');
      const expiry = new Date(String(live.expires_at)).getTime();
      expect(Math.abs(expiry - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
      expect((await adPage(postId)).status).toBe(200);
    });

    it('is only for an ad not yet approved', async () => {
      const id = await liveAd('Live, no start date');
      const before = await adRow(t, id);
      const res = await call(t.app, 'PATCH', '/api/post', {
        headers: { session: owner.token },
        body: { ...adForm, post_id: id, starts_on: dayFromToday(3) },
      });
      expectFieldError(res, 'starts_on', sayIn('en', adToolMessages.startsOn.notNow));
      expect(await adRow(t, id)).toEqual(before);
      expect(sayIn('en', lifecycleMessages.refused.start)).toBe(
        sayIn('en', adToolMessages.refused.start),
      );
    });
  });
});
