import { adMessages, lifecycleMessages, mailMessages, sayAllIn, sayIn } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LifecycleJobDeps } from '../src/modules/lifecycle/lifecycle-deps.js';
import { runAdLifecycle } from '../src/modules/lifecycle/run-ad-lifecycle.js';
import { siteById } from '../src/modules/sites/site-by-id.js';
import { relaxedLimiter, type SignedIn } from './support/accounts.js';
import { registerWithAuthenticator } from './support/second-factors.js';
import { adForm, adMailLinks, adRow } from './support/ads.js';
import { makeAdPublic, signedInWithRole } from './support/moderation.js';
import { paidAdWithMoney, pendingAd } from './support/moderation-fixtures.js';
import { readOutbox } from './support/outbox.js';
import { call, createTestApp, makeWebDist, type TestApp } from './support/test-app.js';

/** The moderation mails' texts in English, as an English reader gets them. */
const moderationMail = sayAllIn('en', mailMessages.moderation);

/** Two brands of the registry (modules/sites/site-registry.ts): their app hosts and city hosts. */
const VELVET = 'post.velvetboard.example';
const NIGHTLIST = 'post.nightlist.example';
const VELVET_VEGAS = 'las-vegas.velvetboard.example';
const NIGHTLIST_VEGAS = 'las-vegas.nightlist.example';

/** Anything that names the Nightlist brand: its name or any of its domains. */
const NAMES_NIGHTLIST = /nightlist/i;
const NAMES_VELVET = /velvet/i;

describe('every ad call, mail and page keeps to the ad’s own site (brand)', () => {
  let t: TestApp;
  let advertiser: SignedIn;
  let moderator: SignedIn;
  const email = 'two.brands@example.com';
  /** One ad of the same advertiser on each brand. */
  const velvetAd = { postId: '', token: '' };
  const nightlistAd = { postId: '', token: '' };
  let missingId = '';

  /** POST /api/posts on a brand's app host. */
  async function postOn(
    host: string,
    who: { session?: string; email?: string },
    overrides: Record<string, unknown>,
  ) {
    const res = await call(t.app, 'POST', '/api/posts', {
      headers: { host, ...(who.session ? { session: who.session } : {}) },
      body: {
        ...adForm,
        type: 'free_verified',
        ...(who.email ? { email: who.email } : {}),
        ...overrides,
      },
    });
    if (res.status !== 200) throw new Error(`create answered ${res.status}: ${res.text}`);
    const { post_id: adId, token } = res.json as { post_id: string; token: string };
    return { postId: adId, token };
  }

  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter(), webDist: await makeWebDist() });
    advertiser = await registerWithAuthenticator(t, email, 'a long enough passphrase');
    moderator = await signedInWithRole(t, 'mod.two.brands@example.com', 'moderator');
    Object.assign(
      velvetAd,
      await postOn(VELVET, { session: advertiser.token }, { title: 'Velvet evening in Vegas' }),
    );
    Object.assign(
      nightlistAd,
      await postOn(
        NIGHTLIST,
        { session: advertiser.token },
        { title: 'Nightlist evening in Vegas', phone: '702-208-4601' },
      ),
    );
    missingId = String(Number(nightlistAd.postId) + 1000);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('My Posts', () => {
    it('lists only the ads of the site asked, and names no other brand', async () => {
      const onVelvet = await call(t.app, 'GET', '/api/posts', {
        headers: { host: VELVET, session: advertiser.token },
      });
      expect(onVelvet.status).toBe(200);
      expect((onVelvet.json as { postId: string }[]).map((row) => row.postId)).toEqual([
        velvetAd.postId,
      ]);
      expect(onVelvet.text).not.toMatch(NAMES_NIGHTLIST);

      const onNightlist = await call(t.app, 'GET', '/api/posts', {
        headers: { host: NIGHTLIST, session: advertiser.token },
      });
      expect((onNightlist.json as { postId: string }[]).map((row) => row.postId)).toEqual([
        nightlistAd.postId,
      ]);
      expect(onNightlist.text).not.toMatch(NAMES_VELVET);

      // The local site has none of them.
      const onLocal = await call(t.app, 'GET', '/api/posts', {
        headers: { session: advertiser.token },
      });
      expect(onLocal.json).toEqual([]);
    });
  });

  describe('an ad of another site is not found, exactly like a missing ad', () => {
    it('GET /api/post/{id}: 404 with the not-found message, with the session or the edit token', async () => {
      const missing = await call(t.app, 'GET', `/api/post/${missingId}`, {
        headers: { host: VELVET, session: advertiser.token },
      });
      expect(missing.status).toBe(404);
      expect(missing.json).toEqual({
        success: false,
        error: sayIn('en', adMessages.wizard.notFound),
      });

      const callers: Record<string, string>[] = [
        { session: advertiser.token },
        { 'edit-token': nightlistAd.token },
        { session: advertiser.token, 'edit-token': nightlistAd.token },
      ];
      for (const headers of callers) {
        const res = await call(t.app, 'GET', `/api/post/${nightlistAd.postId}`, {
          headers: { host: VELVET, ...headers },
        });
        expect(res.status).toBe(404);
        expect(res.json).toEqual(missing.json);
        expect(res.text).not.toMatch(NAMES_NIGHTLIST);
      }

      // On its own site the owner still reads it.
      const own = await call(t.app, 'GET', `/api/post/${nightlistAd.postId}`, {
        headers: { host: NIGHTLIST, session: advertiser.token },
      });
      expect(own.status).toBe(200);
      expect(own.json).toMatchObject({ post_id: nightlistAd.postId });
    });

    it('changes nothing through another site: update, delete and the preview link answer 404', async () => {
      const headers = { host: VELVET, session: advertiser.token };
      const update = await call(t.app, 'PATCH', '/api/post', {
        headers,
        body: { ...adForm, post_id: nightlistAd.postId, title: 'Changed from the other brand' },
      });
      expect(update.status).toBe(404);
      expect(update.json).toEqual({
        success: false,
        error: sayIn('en', adMessages.wizard.notFound),
      });
      const removed = await call(t.app, 'POST', '/api/post/delete', {
        headers,
        body: { postId: nightlistAd.postId },
      });
      expect(removed.status).toBe(404);
      const preview = await call(t.app, 'POST', `/api/post/${nightlistAd.postId}/preview`, {
        headers,
      });
      expect(preview.status).toBe(404);
      expect(await adRow(t, nightlistAd.postId)).toMatchObject({
        title: 'Nightlist evening in Vegas',
        status: 'incomplete',
        site_id: 'nightlist',
      });
    });
  });

  describe('the public pages', () => {
    beforeAll(async () => {
      await makeAdPublic(t, velvetAd.postId);
      await makeAdPublic(t, nightlistAd.postId);
    });

    const page = (host: string, path: string) => call(t.app, 'GET', path, { headers: { host } });

    it('answers 404 for an ad of another brand on this brand’s city host', async () => {
      const there = await page(VELVET_VEGAS, `/ads/details/${nightlistAd.postId}`);
      expect(there.status).toBe(404);
      expect(there.text).not.toContain('Nightlist evening in Vegas');
      expect(there.text).not.toMatch(NAMES_NIGHTLIST);

      const own = await page(NIGHTLIST_VEGAS, `/ads/details/${nightlistAd.postId}`);
      expect(own.status).toBe(200);
      expect(own.text).toContain('Nightlist evening in Vegas');
      expect(own.text).not.toMatch(NAMES_VELVET);
    });

    it('lists only the brand’s own ads on its city page', async () => {
      const velvetCity = await page(VELVET_VEGAS, '/');
      expect(velvetCity.status).toBe(200);
      expect(velvetCity.text).toContain('Velvet evening in Vegas');
      expect(velvetCity.text).not.toContain(`/ads/details/${nightlistAd.postId}`);
      expect(velvetCity.text).not.toMatch(NAMES_NIGHTLIST);

      const nightlistCity = await page(NIGHTLIST_VEGAS, '/');
      expect(nightlistCity.text).toContain('Nightlist evening in Vegas');
      expect(nightlistCity.text).not.toContain(`/ads/details/${velvetAd.postId}`);
      expect(nightlistCity.text).not.toMatch(NAMES_VELVET);
    });

    it('takes no report of another brand’s ad', async () => {
      const res = await call(t.app, 'POST', `/ads/details/${nightlistAd.postId}/report`, {
        headers: { host: VELVET_VEGAS },
        body: { reason: 'scam', details: '' },
      });
      expect(res.status).toBe(404);
    });
  });

  describe('mails and texts about an ad speak for the ad’s own site', () => {
    it('the mail of a new ad names the brand it was posted on', async () => {
      const anonymous = 'anonymous.nightlist@example.com';
      await postOn(NIGHTLIST, { email: anonymous }, { phone: '702-208-4602' });
      const links = await adMailLinks(t.app, anonymous);
      const [mail] = await readOutbox(t.app, anonymous);
      expect(mail?.subject).toContain('Nightlist');
      expect(`${mail?.subject ?? ''}\n${mail?.text ?? ''}`).not.toMatch(NAMES_VELVET);
      expect(links.activation.origin).toBe('https://post.nightlist.example');
    });

    it('approval and rejection mails name the ad’s brand, whatever host the moderator uses', async () => {
      const approved = await pendingAd(t, advertiser.token, { siteId: 'nightlist' });
      const ok = await call(t.app, 'POST', `/api/admin/posts/${approved}/approve`, {
        headers: { host: VELVET, session: moderator.token },
      });
      expect(ok.status, ok.text).toBe(200);
      const [approval] = await readOutbox(t.app, email);
      expect(approval?.subject).toContain(moderationMail.approvedSubject({ adId: approved }));
      expect(approval?.subject).toContain('Nightlist');
      expect(approval?.text).toContain(`https://${NIGHTLIST_VEGAS}/ads/details/${approved}`);
      expect(`${approval?.subject ?? ''}\n${approval?.text ?? ''}`).not.toMatch(NAMES_VELVET);

      const rejected = await pendingAd(t, advertiser.token, { siteId: 'nightlist' });
      const no = await call(t.app, 'POST', `/api/admin/posts/${rejected}/reject`, {
        headers: { host: VELVET, session: moderator.token },
        body: { reason: 'Please add a photo.' },
      });
      expect(no.status, no.text).toBe(200);
      const [rejection] = await readOutbox(t.app, email);
      expect(rejection?.subject).toContain(moderationMail.rejectedSubject({ adId: rejected }));
      expect(rejection?.subject).toContain('Nightlist');
      expect(`${rejection?.subject ?? ''}\n${rejection?.text ?? ''}`).not.toMatch(NAMES_VELVET);
    });

    it('the refund mail of a rejected paid ad names the ad’s brand', async () => {
      const { postId: adId } = await paidAdWithMoney(t, advertiser.token);
      await t.database.pool.query("UPDATE ads SET site_id = 'nightlist' WHERE id = $1", [adId]);
      const no = await call(t.app, 'POST', `/api/admin/posts/${adId}/reject`, {
        headers: { host: VELVET, session: moderator.token },
        body: { reason: 'Not approved.' },
      });
      expect(no.status, no.text).toBe(200);
      // Wherever the refund link is mailed (its own mail or the rejection's), it is the ad's brand.
      const mails = await readOutbox(t.app, email);
      const refund = mails.find(
        (mail) => mail.subject.includes(`#${adId}`) && mail.text.includes('/refund?token='),
      );
      expect(refund?.subject).toContain('Nightlist');
      expect(refund?.text).toContain('https://nightlist.example/refund?token=');
      expect(`${refund?.subject ?? ''}\n${refund?.text ?? ''}`).not.toMatch(
        /Adboard|localhost|velvet/i,
      );
    });

    it('the expiry notice names the ad’s brand', async () => {
      const id = await pendingAd(t, advertiser.token, { siteId: 'nightlist' });
      await makeAdPublic(t, id, { expiresInDays: -1 });
      const deps: LifecycleJobDeps = {
        database: t.database,
        queue: t.queue,
        adChanges: t.adChanges,
        siteById: (site) => siteById(site),
      };
      await runAdLifecycle(deps, new Date());
      const mails = await readOutbox(t.app, email);
      const notice = mails.find((mail) =>
        mail.subject.includes(sayIn('en', lifecycleMessages.mail.expiredSubject({ adId: id }))),
      );
      expect(notice?.subject).toContain('Nightlist');
      expect(notice?.text).toContain(`https://nightlist.example/edit-post?id=${id}&renew=1`);
      expect(`${notice?.subject ?? ''}\n${notice?.text ?? ''}`).not.toMatch(NAMES_VELVET);
    });

    it('the SMS code names the ad’s brand, and no other brand sends one for it', async () => {
      const anonymous = 'sms.nightlist@example.com';
      const ad = await postOn(NIGHTLIST, { email: anonymous }, { phone: '702-208-4603' });
      const token = (await adMailLinks(t.app, anonymous)).activation.searchParams.get('token');
      const e164 = '+17022084603';

      const elsewhere = await call(t.app, 'POST', '/api/verify/phone', {
        headers: { host: VELVET },
        body: { id: ad.postId, token },
      });
      expect(elsewhere.status).toBe(404);
      expect(elsewhere.json).toEqual({
        success: false,
        error: sayIn('en', adMessages.wizard.notFound),
      });
      expect(await readOutbox(t.app, e164)).toEqual([]);

      const own = await call(t.app, 'POST', '/api/verify/phone', {
        headers: { host: NIGHTLIST },
        body: { id: ad.postId, token },
      });
      expect(own.status, own.text).toBe(200);
      const [sms] = await readOutbox(t.app, e164);
      expect(sms?.text).toContain('Nightlist');
      expect(sms?.text).not.toMatch(NAMES_VELVET);
    });

    it('the activation link works only on the ad’s own site', async () => {
      const anonymous = 'activate.nightlist@example.com';
      const ad = await postOn(NIGHTLIST, { email: anonymous }, { phone: '702-208-4604' });
      const token = (await adMailLinks(t.app, anonymous)).activation.searchParams.get('token');
      const body = { email: anonymous, token, id: ad.postId };
      const elsewhere = await call(t.app, 'POST', '/api/verify/email', {
        headers: { host: VELVET },
        body,
      });
      expect(elsewhere.status).toBe(400);
      expect(elsewhere.json).toEqual({
        success: false,
        error: sayIn('en', adMessages.verification.emailFailed),
      });
      expect(await adRow(t, ad.postId)).toMatchObject({ email_verified_at: null });
      const own = await call(t.app, 'POST', '/api/verify/email', {
        headers: { host: NIGHTLIST },
        body,
      });
      expect(own.status, own.text).toBe(200);
    });
  });
});
