import {
  adMessages,
  lifecycleMessages,
  mailMessages,
  sayAllIn,
  paymentMessages,
  typeBadge,
  type Ad,
  type AdListRow,
  sayIn,
} from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerVerified, relaxedLimiter, type SignedIn } from './support/accounts.js';
import { registerWithAuthenticator } from './support/second-factors.js';
import { adForm, adRow, countAds, createAd, expectErrorBody, postAd } from './support/ads.js';
import { signedInWithRole } from './support/moderation.js';
import { as, paidAdWithMoney } from './support/moderation-fixtures.js';
import { readOutbox } from './support/outbox.js';
import {
  checkAddress,
  issueAddress,
  orderRow,
  requestAddress,
  satsOf,
  refundsOfOrder,
} from './support/payments.js';
import {
  addPhotos,
  addVerificationPhoto,
  changePhoto,
  jpegFile,
  uploadPhotos,
} from './support/photos.js';
import { call, createTestApp, makeWebDist, type TestApp } from './support/test-app.js';

/** The moderation mails' texts in English, as an English reader gets them. */
const moderationMail = sayAllIn('en', mailMessages.moderation);

/*
 * The defects 1–5 of issue 13, tried through the HTTP API as an advertiser, a
 * moderator and an attacker would. One test app for the file; each describe
 * has accounts (and phone numbers) of its own.
 */

const DAY = 86_400_000;
const VEGAS = 'las-vegas.localhost:3000';
const PASSWORD = 'a long enough passphrase';

describe('issue 13: the lifecycle defects, through the API', () => {
  let t: TestApp;
  let moderator: SignedIn;

  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter(), webDist: await makeWebDist() });
    moderator = await signedInWithRole(t, 'defects-mod@example.com', 'moderator');
  });
  afterAll(async () => {
    await t.close();
  });

  // ---- shared steps -------------------------------------------------------

  const approve = (id: string) =>
    call(t.app, 'POST', `/api/admin/posts/${id}/approve`, as(moderator.token));
  const reject = (id: string, reason = 'Please fix the title.') =>
    call(t.app, 'POST', `/api/admin/posts/${id}/reject`, {
      ...as(moderator.token),
      body: { reason },
    });
  const ban = (userId: string) =>
    call(t.app, 'POST', `/api/admin/users/${userId}/ban`, {
      ...as(moderator.token),
      body: { reason: 'Scam reported several times.' },
    });
  const publicPage = (id: string) =>
    call(t.app, 'GET', `/ads/details/${id}`, { headers: { host: VEGAS } });
  const ownerAd = async (id: string, session: string): Promise<Ad> => {
    const res = await call(t.app, 'GET', `/api/post/${id}`, { headers: { session } });
    expect(res.status, res.text).toBe(200);
    return res.json as Ad;
  };
  const myAds = async (session: string): Promise<AdListRow[]> => {
    const res = await call(t.app, 'GET', '/api/posts', { headers: { session } });
    expect(res.status, res.text).toBe(200);
    return res.json as AdListRow[];
  };
  const ms = (value: unknown) => (value instanceof Date ? value.getTime() : null);
  const expectNear = (value: unknown, expected: number, what: string) => {
    const actual = ms(value);
    expect(actual, `${what} is set`).not.toBeNull();
    expect(Math.abs((actual ?? 0) - expected), what).toBeLessThan(120_000);
  };

  /** Pays an address in full, confirmed, and runs the check the watcher would. */
  async function payInFull(address: string, amountCrypto: string) {
    t.chain.pay(address, satsOf(amountCrypto), { confirmed: true });
    return checkAddress(t, address);
  }

  /** A free verified ad with photos, submitted and approved through the API: live. */
  async function liveFreeAd(session: string, title: string, phone: string) {
    const { postId: adId, token } = await createAd(t.app, {
      session,
      type: 'free_verified',
      overrides: { title, phone },
    });
    await addVerificationPhoto(t.app, adId, await jpegFile('sign.jpg', [200, 30, 30]), {
      session,
    });
    const photos = await addPhotos(
      t.app,
      adId,
      [await jpegFile('one.jpg', [30, 200, 30]), await jpegFile('two.jpg', [30, 30, 200])],
      { session },
    );
    const submitted = await call(t.app, 'POST', `/api/post/${adId}/submit`, {
      headers: { session },
    });
    expect(submitted.status, submitted.text).toBe(200);
    const approved = await approve(adId);
    expect(approved.status, approved.text).toBe(200);
    expect(await adRow(t, adId)).toMatchObject({ status: 'active', approved: true });
    return { postId: adId, token, photos };
  }

  // ---- 1 ------------------------------------------------------------------

  describe('defect 1: money for an ad that is no longer payable is refunded, never applied', () => {
    let advertiser: SignedIn;
    const email = 'defect1@example.com';
    beforeAll(async () => {
      advertiser = await registerWithAuthenticator(t, email, PASSWORD);
    });

    async function expectRefundedNotApplied(address: string, adId: string, payerEmail: string) {
      const order = await orderRow(t, address);
      expect(order.status).toBe('complete');
      expect(order.appliedSats).toBe(0n);
      const refunds = await refundsOfOrder(t, order.id);
      expect(refunds).toEqual([
        {
          state: 'awaiting_address',
          reason: 'not_payable',
          amount_sats: order.confirmedSats.toString(),
        },
      ]);
      const mails = await readOutbox(t.app, payerEmail);
      const refundMail = mails.find((m) =>
        m.subject.includes(sayIn('en', paymentMessages.refundMail.subject({ adId }))),
      );
      expect(refundMail, 'the payer is mailed for a refund address').toBeDefined();
      expect(refundMail?.text).toMatch(/\/refund\?token=/);
    }

    it('refuses a new address for a rejected ad, and refunds a payment to an address issued before', async () => {
      const { postId: adId, orderId } = await paidAdWithMoney(t, advertiser.token);
      expect(await adRow(t, adId)).toMatchObject({ status: 'pending', paid: true });
      // A second period asked for while in review: this address is issued before the rejection.
      const early = await issueAddress(t, { session: advertiser.token }, adId, 'paid', 'DAYS_30');
      expect((await orderRow(t, early.address)).id).not.toBe(orderId);

      const rejected = await reject(adId);
      expect(rejected.status, rejected.text).toBe(200);
      const before = await adRow(t, adId);
      expect(before.status).toBe('rejected');

      for (const [product, option] of [
        ['paid', 'DAYS_30'],
        ['paid', 'DAYS_60'],
        ['premium', 'DAYS_4'],
      ] as const) {
        const again = await requestAddress(t, { session: advertiser.token }, adId, product, option);
        expectErrorBody(again, 409);
      }

      await payInFull(early.address, early.amountCrypto);
      const after = await adRow(t, adId);
      expect(after.status).toBe('rejected');
      expect(after.expires_at).toEqual(before.expires_at);
      expect(after.paid_days).toBe(before.paid_days);
      expect(after.paid).toBe(before.paid);
      expect(after.premium_until).toEqual(before.premium_until);
      await expectRefundedNotApplied(early.address, adId, email);
    });

    it('refunds money paid after the ad was deleted to an address issued before', async () => {
      const { postId: adId } = await createAd(t.app, { session: advertiser.token, type: 'paid' });
      const issued = await issueAddress(t, { session: advertiser.token }, adId);
      const deleted = await call(t.app, 'POST', '/api/post/delete', {
        headers: { session: advertiser.token },
        body: { postId: adId },
      });
      expect(deleted.status, deleted.text).toBe(200);
      await payInFull(issued.address, issued.amountCrypto);
      expect(await adRow(t, adId)).toMatchObject({
        status: 'deleted',
        paid: false,
        paid_days: 0,
        expires_at: null,
        product: null,
      });
      await expectRefundedNotApplied(issued.address, adId, email);
    });

    it('refunds money paid after the owner was banned to an address issued before', async () => {
      const bannedEmail = 'defect1-banned@example.com';
      const owner = await registerVerified(t.app, bannedEmail, PASSWORD);
      const { postId: adId } = await createAd(t.app, {
        session: owner.token,
        type: 'paid',
        overrides: { phone: '702-208-4511' },
      });
      const issued = await issueAddress(t, { session: owner.token }, adId);
      const banned = await ban(owner.userId);
      expect(banned.status, banned.text).toBe(200);
      await payInFull(issued.address, issued.amountCrypto);
      expect(await adRow(t, adId)).toMatchObject({
        status: 'payment_pending',
        paid: false,
        paid_days: 0,
        expires_at: null,
        product: null,
      });
      await expectRefundedNotApplied(issued.address, adId, bannedEmail);
    });
  });

  // ---- 2 ------------------------------------------------------------------

  describe('defect 2: a banned advertiser loses the edit token and cannot post again', () => {
    const email = 'defect2@example.com';
    const phone = '702-208-4522';
    let owner: SignedIn;
    let ad: { postId: string; token: string };

    const snapshot = async (id: string) => {
      const { rows } = await t.database.pool.query<{ s: string }>(
        `SELECT jsonb_build_object(
           'ad', (SELECT to_jsonb(a) FROM ads a WHERE a.id = $1),
           'photos', (SELECT coalesce(jsonb_agg(to_jsonb(p) ORDER BY p.id), '[]') FROM photos p WHERE p.ad_id = $1),
           'orders', (SELECT coalesce(jsonb_agg(to_jsonb(o) ORDER BY o.id), '[]') FROM payment_orders o WHERE o.ad_id = $1),
           'previews', (SELECT count(*) FROM preview_tokens v WHERE v.ad_id = $1))::text AS s`,
        [id],
      );
      return rows[0]?.s;
    };

    beforeAll(async () => {
      owner = await registerVerified(t.app, email, PASSWORD);
      ad = await createAd(t.app, {
        session: owner.token,
        type: 'free_verified',
        overrides: { phone },
      });
      await addPhotos(t.app, ad.postId, [await jpegFile('sign.jpg', [90, 10, 10])], {
        session: owner.token,
      });
      expect((await ban(owner.userId)).status).toBe(200);
    });

    it('refuses every use of the ad’s edit token (403) and changes nothing', async () => {
      const headers = { 'edit-token': ad.token };
      const before = await snapshot(ad.postId);

      const patch = await call(t.app, 'PATCH', '/api/post', {
        headers,
        body: { ...adForm, phone, post_id: ad.postId, title: 'Changed by a banned advertiser' },
      });
      expectErrorBody(patch, 403);
      expect(patch.json).toMatchObject({ error: sayIn('en', lifecycleMessages.refused.banned) });

      const upload = await uploadPhotos(
        t.app,
        ad.postId,
        [await jpegFile('more.jpg', [1, 2, 3])],
        headers,
      );
      expectErrorBody(upload, 403);

      const address = await requestAddress(
        t,
        { editToken: ad.token },
        ad.postId,
        'premium',
        'DAYS_4',
      );
      expectErrorBody(address, 403);

      const preview = await call(t.app, 'POST', `/api/post/${ad.postId}/preview`, { headers });
      expectErrorBody(preview, 403);

      const submit = await call(t.app, 'POST', `/api/post/${ad.postId}/submit`, { headers });
      expectErrorBody(submit, 403);

      // Nor is its phone verified on the ban's watch (no SMS is sent for it).
      for (const path of ['/api/verify/phone', '/api/verify/phone-validate']) {
        const verify = await call(t.app, 'POST', path, {
          headers,
          body: { id: ad.postId, phone, code: '123456' },
        });
        expectErrorBody(verify, 403);
        expect(verify.json).toMatchObject({ error: sayIn('en', lifecycleMessages.refused.banned) });
      }

      expect(await snapshot(ad.postId)).toBe(before);
    });

    it('refuses a new anonymous ad with the banned account’s email, and creates none', async () => {
      const count = await countAds(t);
      for (const variant of [email, 'Defect2@Example.com']) {
        const res = await postAd(t.app, {
          email: variant,
          overrides: { phone: '702-208-4590' },
        });
        expectErrorBody(res, 403);
      }
      expect(await countAds(t)).toBe(count);
    });

    it('refuses an edit that moves another ad to the banned account’s phone', async () => {
      const other = await registerVerified(t.app, 'defect2-other@example.com', PASSWORD);
      const { postId: otherAd } = await createAd(t.app, {
        session: other.token,
        overrides: { phone: '702-208-4591' },
      });
      const before = await adRow(t, otherAd);
      const res = await call(t.app, 'PATCH', '/api/post', {
        headers: { session: other.token },
        body: { ...adForm, post_id: otherAd, phone },
      });
      expectErrorBody(res, 403);
      expect(await adRow(t, otherAd)).toEqual(before);
    });

    it('refuses a new anonymous ad with the phone of one of the banned account’s ads', async () => {
      const count = await countAds(t);
      const res = await postAd(t.app, {
        email: 'someone-new@example.com',
        overrides: { phone },
      });
      expectErrorBody(res, 403);
      expect(await countAds(t)).toBe(count);
    });
  });

  // ---- 3 ------------------------------------------------------------------

  describe('defect 3: a live ad stays live while it is edited, its photos changed or renewed', () => {
    let owner: SignedIn;
    beforeAll(async () => {
      owner = await registerVerified(t.app, 'defect3@example.com', PASSWORD);
    });

    it('keeps the approved version public until the moderator approves the edit', async () => {
      const oldTitle = 'Defect three approved title';
      const newTitle = 'Defect three edited title';
      const { postId: adId } = await liveFreeAd(owner.token, oldTitle, '702-208-4533');
      const first = await publicPage(adId);
      expect(first.status).toBe(200);
      expect(first.text).toContain(`<h1>${oldTitle}</h1>`);

      const waiting = async () =>
        (
          (await call(t.app, 'GET', '/api/admin/dashboard', as(moderator.token))).json as {
            waiting: number;
          }
        ).waiting;
      const waitingBefore = await waiting();
      const edited = await call(t.app, 'PATCH', '/api/post', {
        headers: { session: owner.token },
        body: { ...adForm, phone: '702-208-4533', post_id: adId, title: newTitle },
      });
      expect(edited.status, edited.text).toBe(200);
      expect(await adRow(t, adId)).toMatchObject({
        status: 'active',
        approved: true,
        title: oldTitle,
      });
      const during = await publicPage(adId);
      expect(during.status).toBe(200);
      expect(during.text).toContain(`<h1>${oldTitle}</h1>`);
      expect(during.text).not.toContain(newTitle);

      // Moderators see the edit waiting, in the queue and on the dashboard alike.
      const queue = await call(t.app, 'GET', '/api/admin/queue', as(moderator.token));
      const item = (queue.json as { items: { postId: string; kind: string }[] }).items.find(
        (i) => i.postId === adId,
      );
      expect(item?.kind).toBe('revision');
      expect(await waiting()).toBe(waitingBefore + 1);

      const approved = await approve(adId);
      expect(approved.status, approved.text).toBe(200);
      expect(await adRow(t, adId)).toMatchObject({ status: 'active', title: newTitle });
      // The page cache keeps a page a few seconds: the new title shows once it is renewed.
      await vi.waitFor(
        async () => {
          const page = await publicPage(adId);
          expect(page.status).toBe(200);
          expect(page.text).toContain(`<h1>${newTitle}</h1>`);
        },
        { timeout: 10_000, interval: 500 },
      );
    });

    it('keeps the ad live when another photo is made primary or a photo is deleted', async () => {
      const { postId: adId, photos } = await liveFreeAd(
        owner.token,
        'Defect three photos',
        '702-208-4534',
      );
      const publicPhotos = photos.filter((p) => !p.verification);
      expect(publicPhotos.length).toBeGreaterThanOrEqual(2);
      const other = publicPhotos.find((p) => !p.primary);
      const primary = await changePhoto(t.app, 'primary', adId, other?.photo_id ?? '', {
        session: owner.token,
      });
      expect(primary.status, primary.text).toBe(200);
      expect(await adRow(t, adId)).toMatchObject({ status: 'active', approved: true });

      const removable = publicPhotos.find((p) => p.photo_id !== other?.photo_id);
      const removed = await changePhoto(t.app, 'delete', adId, removable?.photo_id ?? '', {
        session: owner.token,
      });
      expect(removed.status, removed.text).toBe(200);
      expect(await adRow(t, adId)).toMatchObject({ status: 'active', approved: true });
      expect((await publicPage(adId)).status).toBe(200);
    });

    it('renews a live free ad in place: still active, 30 days from now', async () => {
      const { postId: adId } = await liveFreeAd(
        owner.token,
        'Defect three renewal',
        '702-208-4535',
      );
      await t.database.pool.query(
        "UPDATE ads SET expires_at = now() + interval '2 days' WHERE id = $1",
        [adId],
      );
      const renewed = await call(t.app, 'POST', `/api/post/${adId}/renew`, {
        headers: { session: owner.token },
      });
      expect(renewed.status, renewed.text).toBe(200);
      expect(renewed.json).toMatchObject({ success: true, status: 'active' });
      const row = await adRow(t, adId);
      expect(row).toMatchObject({ status: 'active', approved: true });
      expectNear(row.expires_at, Date.now() + 30 * DAY, 'expires_at');
      expect((await publicPage(adId)).status).toBe(200);
    });
  });

  // ---- 4 ------------------------------------------------------------------

  describe('defect 4: a rejected VIP ad keeps its payment, or is refunded and unpaid', () => {
    const email = 'defect4@example.com';
    let owner: SignedIn;
    beforeAll(async () => {
      owner = await registerWithAuthenticator(t, email, PASSWORD);
    });

    async function rejectionMail(adId: string) {
      const mails = await readOutbox(t.app, email);
      const mail = mails.find((m) => m.subject.includes(moderationMail.rejectedSubject({ adId })));
      if (!mail) throw new Error(`no rejection mail for ad ${adId}`);
      return mail;
    }

    it('mails that the payment is kept with a refund link, and lets the ad be resubmitted; its 30 days start at approval', async () => {
      const { postId: adId } = await paidAdWithMoney(t, owner.token);
      expect((await reject(adId)).status).toBe(200);
      expect(await adRow(t, adId)).toMatchObject({
        status: 'rejected',
        paid: true,
        paid_days: 30,
        expires_at: null,
      });

      const mail = await rejectionMail(adId);
      expect(mail.text).toContain(moderationMail.rejectedPaymentKept);
      expect(mail.text).toMatch(/https?:\/\/\S+\/refund\?token=\S+/);
      expect(mail.text).toContain(`/edit-post?id=${adId}`);

      const resubmitted = await call(t.app, 'POST', `/api/post/${adId}/submit`, {
        headers: { session: owner.token },
      });
      expect(resubmitted.status, resubmitted.text).toBe(200);
      expect(await adRow(t, adId)).toMatchObject({
        status: 'pending',
        paid: true,
        paid_days: 30,
        expires_at: null,
      });

      expect((await approve(adId)).status).toBe(200);
      const live = await adRow(t, adId);
      expect(live).toMatchObject({ status: 'active', paid: true, paid_days: 0 });
      expectNear(live.expires_at, Date.now() + 30 * DAY, 'expires_at');
    });

    it('makes the ad unpaid once the refund address is given: no VIP, no duration, payment pending', async () => {
      const { postId: adId } = await paidAdWithMoney(t, owner.token);
      expect((await reject(adId)).status).toBe(200);
      const mail = await rejectionMail(adId);
      const link = /https?:\/\/\S+\/refund\?token=\S+/.exec(mail.text)?.[0];
      expect(link, 'the rejection mail has a refund link').toBeDefined();
      const token = new URL(link ?? 'http://x/').searchParams.get('token') ?? '';

      const given = await call(t.app, 'POST', '/api/refund/address', {
        body: { token, address: t.config.bitcoin.account.receiveAddress(999_999) },
      });
      expect(given.status, given.text).toBe(200);

      expect(await adRow(t, adId)).toMatchObject({
        status: 'payment_pending',
        paid: false,
        product: null,
        paid_days: 0,
        premium_days: 0,
        expires_at: null,
      });
      const row = (await myAds(owner.token)).find((r) => r.postId === adId);
      expect(row).toMatchObject({ paid: false, product: null, status: 'payment_pending' });
      expect(row).toMatchObject({ heldPaidDays: 0, heldPremiumDays: 0 });
      // No duration, and the badge of an unpaid VIP ad.
      expect(row?.daysLeft).toBeNull();
      expect(sayIn('en', typeBadge(row?.type ?? '', row?.product ?? null, row?.paid))).toBe(
        'VIP (not paid)',
      );

      const ad = await ownerAd(adId, owner.token);
      expect(ad).toMatchObject({
        paid: false,
        product: null,
        expiry: null,
        status: 'payment_pending',
      });
      expect(ad.lifecycle).toMatchObject({ heldPaidDays: 0, heldPremiumDays: 0, featured: false });
      // Unpaid: it can be paid again, or become a free ad.
      expect(ad.lifecycle.payable).toBe(true);
      expect(ad.lifecycle.freeTypeChoosable).toBe(true);

      // Resubmitted as a free verified ad: its verification photo, then review.
      const refusedVip = await call(t.app, 'PATCH', '/api/post', {
        headers: { session: owner.token },
        body: { ...adForm, post_id: adId, type: 'premium' },
      });
      expect(expectErrorBody(refusedVip, 400).error).toBe(
        sayIn('en', adMessages.form.typeCannotChange),
      );
      const asFree = await call(t.app, 'PATCH', '/api/post', {
        headers: { session: owner.token },
        body: { ...adForm, post_id: adId, type: 'free_verified' },
      });
      expect(asFree.status, asFree.text).toBe(200);
      expect(await adRow(t, adId)).toMatchObject({
        status: 'incomplete',
        type: 'free_verified',
        paid: false,
      });
      await addVerificationPhoto(t.app, adId, await jpegFile('poster.jpg', [90, 90, 20]), {
        session: owner.token,
      });
      const submitted = await call(t.app, 'POST', `/api/post/${adId}/submit`, {
        headers: { session: owner.token },
      });
      expect(submitted.status, submitted.text).toBe(200);
      expect(await adRow(t, adId)).toMatchObject({ status: 'pending', type: 'free_verified' });
      const badge = (await myAds(owner.token)).find((r) => r.postId === adId);
      expect(
        sayIn('en', typeBadge(badge?.type ?? '', badge?.product ?? null, badge?.paid)),
      ).not.toMatch(/VIP/);
    });

    it('keeps the type of a VIP ad whose payment is kept', async () => {
      const { postId: adId } = await paidAdWithMoney(t, owner.token);
      expect((await reject(adId)).status).toBe(200);
      const before = await adRow(t, adId);
      const res = await call(t.app, 'PATCH', '/api/post', {
        headers: { session: owner.token },
        body: { ...adForm, post_id: adId, type: 'free', backlink: 'https://example.com/links' },
      });
      expect(expectErrorBody(res, 400).error).toBe(sayIn('en', adMessages.form.typeCannotChange));
      expect(await adRow(t, adId)).toEqual(before);
    });
  });

  // ---- 5 ------------------------------------------------------------------

  describe('defect 5: paid time starts when the ad goes public', () => {
    let owner: SignedIn;
    beforeAll(async () => {
      owner = await registerWithAuthenticator(t, 'defect5@example.com', PASSWORD);
    });

    it('holds the 30 VIP days while the ad waits for review, and starts them at approval', async () => {
      const { postId: adId } = await paidAdWithMoney(t, owner.token);
      expect(await adRow(t, adId)).toMatchObject({
        status: 'pending',
        paid: true,
        paid_days: 30,
        expires_at: null,
      });
      const waiting = await ownerAd(adId, owner.token);
      expect(waiting.expiry).toBeNull();
      expect(waiting.lifecycle).toMatchObject({ heldPaidDays: 30, heldPremiumDays: 0 });

      expect((await approve(adId)).status).toBe(200);
      const live = await adRow(t, adId);
      expect(live).toMatchObject({ status: 'active', paid_days: 0 });
      expectNear(live.expires_at, Date.now() + 30 * DAY, 'expires_at');
    });

    it('holds premium bought for a pending ad: not featured until approval', async () => {
      const { postId: adId } = await createAd(t.app, {
        session: owner.token,
        type: 'free_verified',
        overrides: { title: 'Defect five premium', phone: '702-208-4555' },
      });
      await addVerificationPhoto(t.app, adId, await jpegFile('sign.jpg', [10, 90, 10]), {
        session: owner.token,
      });
      const submitted = await call(t.app, 'POST', `/api/post/${adId}/submit`, {
        headers: { session: owner.token },
      });
      expect(submitted.status, submitted.text).toBe(200);

      const issued = await issueAddress(t, { session: owner.token }, adId, 'premium', 'DAYS_15');
      const order = await payInFull(issued.address, issued.amountCrypto);
      expect(order.status).toBe('complete');
      expect(await adRow(t, adId)).toMatchObject({
        status: 'pending',
        premium_until: null,
        premium_days: 15,
      });
      const waiting = await ownerAd(adId, owner.token);
      expect(waiting.premium_until).toBeNull();
      expect(waiting.lifecycle.featured).toBe(false);
      expect(waiting.lifecycle).toMatchObject({ heldPaidDays: 0, heldPremiumDays: 15 });

      expect((await approve(adId)).status).toBe(200);
      const live = await adRow(t, adId);
      expect(live).toMatchObject({ status: 'active', premium_days: 0 });
      expectNear(live.premium_until, Date.now() + 15 * DAY, 'premium_until');
      expect((await ownerAd(adId, owner.token)).lifecycle.featured).toBe(true);
    });
  });
});
