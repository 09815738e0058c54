import {
  adMessages,
  describeExpiry,
  lifecycleMessages,
  type AdListRow,
  sayIn,
} from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PURGE_AFTER_SECONDS } from '../src/modules/ads/delete-ad.js';
import { purgeDeletedAd } from '../src/modules/ads/purge-deleted-ad.js';
import { registerVerified, relaxedLimiter, type SignedIn } from './support/accounts.js';
import { adForm, adRow, createAd, expectErrorBody } from './support/ads.js';
import { localPageChecker, startPageServer, type PageServer } from './support/page-server.js';
import { addVerificationPhoto, jpegFile } from './support/photos.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

describe('an ad from incomplete to review, in My Posts, and deleted', () => {
  let t: TestApp;
  let owner: SignedIn;
  let other: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    owner = await registerVerified(t.app, 'life@example.com', 'a long enough passphrase');
    other = await registerVerified(t.app, 'other-life@example.com', 'a long enough passphrase');
  });
  afterAll(async () => {
    await t.close();
  });

  const sql = (text: string, values: unknown[]) => t.database.pool.query(text, values);
  const submit = (id: string, session = owner.token) =>
    call(t.app, 'POST', `/api/post/${id}/submit`, { headers: { session } });
  const update = (id: string, changes: Record<string, unknown>) =>
    call(t.app, 'PATCH', '/api/post', {
      headers: { session: owner.token },
      body: { ...adForm, post_id: id, ...changes },
    });
  const list = async (session: string) => {
    const res = await call(t.app, 'GET', '/api/posts', { headers: { session } });
    expect(res.status).toBe(200);
    return res.json as AdListRow[];
  };

  it('creates a free verified ad as incomplete and a paid ad as payment_pending', async () => {
    const free = await createAd(t.app, { session: owner.token, type: 'free_verified' });
    const paid = await createAd(t.app, { session: owner.token, type: 'paid' });
    expect(await adRow(t, free.postId)).toMatchObject({
      status: 'incomplete',
      type: 'free_verified',
      paid: false,
      approved: false,
      submitted_at: null,
      posted_at: null,
      expires_at: null,
      owner_id: owner.userId,
    });
    expect(await adRow(t, paid.postId)).toMatchObject({ status: 'payment_pending', type: 'paid' });
    const read = await call(t.app, 'GET', `/api/post/${paid.postId}`, {
      headers: { session: owner.token },
    });
    expect(read.json).toMatchObject({
      status: 'payment_pending',
      paid: false,
      approved: false,
      expiry: null,
      posted: null,
      product: null,
    });
  });

  it('submits a free ad for review: pending with submitted_at; a second submit is refused', async () => {
    const ad = await createAd(t.app, { session: owner.token });
    await addVerificationPhoto(t.app, ad.postId, await jpegFile(), { session: owner.token });
    const res = await submit(ad.postId);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      success: true,
      post: { post_id: ad.postId, status: 'pending' },
    });
    const row = await adRow(t, ad.postId);
    expect(row.status).toBe('pending');
    expect(row.submitted_at).toBeInstanceOf(Date);
    expect(Math.abs(Date.now() - (row.submitted_at as Date).getTime())).toBeLessThan(60_000);

    const again = await submit(ad.postId);
    expectErrorBody(again, 409);
    expect(again.json).toEqual({
      success: false,
      error: sayIn('en', lifecycleMessages.refused.alreadySubmitted),
    });
    expect((await adRow(t, ad.postId)).submitted_at).toEqual(row.submitted_at);
  });

  it('refuses to submit a free verified ad without a photo, and leaves it incomplete', async () => {
    const ad = await createAd(t.app, { session: owner.token, type: 'free_verified' });
    const res = await submit(ad.postId);
    expectErrorBody(res, 400);
    expect(res.json).toEqual({
      success: false,
      error: sayIn('en', adMessages.wizard.submitNeedsPhoto),
    });
    expect(await adRow(t, ad.postId)).toMatchObject({ status: 'incomplete', submitted_at: null });

    // With its verification photo it goes; after deleting it on a rejected ad, it cannot again.
    const [photo] = await addVerificationPhoto(t.app, ad.postId, await jpegFile(), {
      session: owner.token,
    });
    expect((await submit(ad.postId)).status).toBe(200);
    await sql(`UPDATE ads SET status = 'rejected' WHERE id = $1`, [ad.postId]);
    await call(t.app, 'POST', '/photo/delete', {
      headers: { session: owner.token },
      body: { postId: ad.postId, photoId: photo?.photo_id },
    });
    const again = await submit(ad.postId);
    expect(again.json).toEqual({
      success: false,
      error: sayIn('en', adMessages.wizard.submitNeedsPhoto),
    });
    expect((await adRow(t, ad.postId)).status).toBe('rejected');
  });

  it('refuses to submit a paid ad: it goes to review when paid', async () => {
    const ad = await createAd(t.app, { session: owner.token, type: 'paid' });
    const res = await submit(ad.postId);
    expectErrorBody(res, 400);
    expect((res.json as { error: string }).error).toBe(sayIn('en', adMessages.wizard.finishFailed));
    expect((await adRow(t, ad.postId)).status).toBe('payment_pending');
  });

  it('refuses to submit an active ad', async () => {
    const ad = await createAd(t.app, { session: owner.token });
    // With its photo, so the refusal is the lifecycle's and not the missing photo's.
    await addVerificationPhoto(t.app, ad.postId, await jpegFile(), { session: owner.token });
    await sql(`UPDATE ads SET status = 'active', approved = true WHERE id = $1`, [ad.postId]);
    const res = await submit(ad.postId);
    expectErrorBody(res, 409);
    expect(res.json).toEqual({
      success: false,
      error: sayIn('en', lifecycleMessages.refused.submit),
    });
    expect(await adRow(t, ad.postId)).toMatchObject({ status: 'active', submitted_at: null });
  });

  it('keeps a live ad public when its text is edited: the edit waits for review', async () => {
    const ad = await createAd(t.app, { session: owner.token });
    await sql(
      `UPDATE ads SET status = 'active', approved = true, posted_at = now(), expires_at = now() + interval '30 days' WHERE id = $1`,
      [ad.postId],
    );
    const before = await adRow(t, ad.postId);
    const res = await update(ad.postId, { title: 'A new headline' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      success: true,
      awaitingReview: true,
      post: { status: 'active', approved: true },
    });
    // The approved version stays: same status, text and expiry.
    expect(await adRow(t, ad.postId)).toMatchObject({
      status: 'active',
      approved: true,
      title: adForm.title,
      expires_at: before.expires_at,
    });
    const { rows } = await sql(
      `SELECT state, fields->>'title' AS title FROM ad_revisions WHERE ad_id = $1`,
      [ad.postId],
    );
    expect(rows).toEqual([{ state: 'pending', title: 'A new headline' }]);

    // An ad that is not live is changed in place, and says so.
    const draft = await createAd(t.app, { session: owner.token });
    const saved = await update(draft.postId, { title: 'A draft headline' });
    expect(saved.json).toMatchObject({ awaitingReview: false, post: { status: 'incomplete' } });
    expect(await adRow(t, draft.postId)).toMatchObject({ title: 'A draft headline' });
  });

  it('lets a rejected free ad be edited and submitted again', async () => {
    const ad = await createAd(t.app, { session: owner.token });
    await sql(`UPDATE ads SET status = 'rejected' WHERE id = $1`, [ad.postId]);
    const edited = await update(ad.postId, { title: 'Fixed as asked' });
    // Still rejected (with its reason) until it is sent for review again.
    expect(edited.json).toMatchObject({ awaitingReview: false, post: { status: 'rejected' } });
    expect(await adRow(t, ad.postId)).toMatchObject({
      status: 'rejected',
      title: 'Fixed as asked',
    });
    await addVerificationPhoto(t.app, ad.postId, await jpegFile(), { session: owner.token });
    const res = await submit(ad.postId);
    expect(res.json).toMatchObject({ post: { status: 'pending' } });
  });

  it('keeps a paid ad waiting for payment when edited', async () => {
    const ad = await createAd(t.app, { session: owner.token, type: 'paid' });
    const res = await update(ad.postId, { title: 'Edited before paying' });
    expect(res.json).toMatchObject({ post: { status: 'payment_pending' } });
  });

  describe('My Posts (GET /api/posts)', () => {
    let session: string;
    let userId: string;
    beforeAll(async () => {
      const lister = await registerVerified(
        t.app,
        'lister@example.com',
        'a long enough passphrase',
      );
      session = lister.token;
      userId = lister.userId;
    });

    it('needs a session', async () => {
      const res = await call(t.app, 'GET', '/api/posts');
      expectErrorBody(res, 401);
    });

    it('lists the caller’s ads newest first with the row fields of SPEC.md section 3', async () => {
      const first = await createAd(t.app, { session, overrides: { title: 'First ad' } });
      const second = await createAd(t.app, {
        session,
        type: 'paid',
        overrides: { title: 'Second ad' },
      });
      const third = await createAd(t.app, { session, overrides: { title: 'Third ad' } });
      const gone = await createAd(t.app, { session, overrides: { title: 'Deleted ad' } });
      await createAd(t.app, { session: other.token, overrides: { title: 'Someone else’s' } });
      await createAd(t.app, { email: 'lister@example.com', overrides: { title: 'Anonymous' } });
      await call(t.app, 'POST', '/api/post/delete', {
        headers: { session },
        body: { postId: gone.postId },
      });

      await sql(
        `UPDATE ads SET expires_at = now() + interval '12 days' - interval '1 hour', product = 'DAYS_30', paid = true WHERE id = $1`,
        [second.postId],
      );
      await sql(
        `UPDATE ads SET status = 'active', approved = true, posted_at = now() - interval '31 days', expires_at = now() - interval '1 day' WHERE id = $1`,
        [third.postId],
      );

      const rows = await list(session);
      expect(rows.map((r) => r.postId)).toEqual([third.postId, second.postId, first.postId]);
      const [r3, r2, r1] = rows;
      expect(r1).toEqual({
        postId: first.postId,
        title: 'First ad',
        location: 'Las Vegas, NV',
        posted: null,
        status: 'incomplete',
        daysLeft: null,
        product: null,
        type: 'free_verified',
        city: 'las-vegas',
        country: 'US',
        premiumUntil: null,
        paid: false,
        heldPaidDays: 0,
        heldPremiumDays: 0,
        pendingRevision: false,
        // A draft: not offered for featuring (ads-featurable.test.ts).
        featurable: false,
        rejectionCode: null,
        rejectionNote: null,
        refundOffered: false,
        // A draft has none of the owner's tools of issue 29.
        tools: {
          availableUntil: null,
          availableStartsLeft: 3,
          availableStartable: false,
          pausable: false,
          resumable: false,
          visitsPlannable: false,
          startsOn: null,
        },
      });
      expect(r2).toMatchObject({
        status: 'payment_pending',
        daysLeft: 12,
        product: 'DAYS_30',
        type: 'paid',
      });
      expect(r3).toMatchObject({ status: 'expired', daysLeft: 0 });
      // The app says the days in its language: in English as the list said them before.
      const left = (row: AdListRow | undefined) =>
        sayIn('en', describeExpiry(row?.daysLeft ?? null) ?? '');
      expect([left(r1), left(r2), left(r3)]).toEqual(['', '12 days', 'expired']);
      expect(r3?.posted).toMatch(/^\d{4}-\d\d-\d\dT/);

      const rowsOfOther = await list(other.token);
      expect(rowsOfOther.map((r) => r.title)).toEqual(['Someone else’s']);
      expect(rows.some((r) => r.postId === gone.postId)).toBe(false);
      expect((await adRow(t, rows[0]?.postId ?? '')).owner_id).toBe(userId);
    });

    it('shows a Canadian ad with its province', async () => {
      const ca = await createAd(t.app, {
        session: other.token,
        overrides: { country: 'CA', city: 'toronto', phone: '416-979-2671' },
      });
      const rows = await list(other.token);
      expect(rows.find((r) => r.postId === ca.postId)?.location).toBe('Toronto, ON');
    });
  });

  describe('deleting', () => {
    it('deactivates at once and schedules the purge job about 7 days ahead', async () => {
      const ad = await createAd(t.app, { session: owner.token });
      const res = await call(t.app, 'POST', '/api/post/delete', {
        headers: { session: owner.token },
        body: { postId: ad.postId },
      });
      expect(res.json).toEqual({ success: true });
      const row = await adRow(t, ad.postId);
      expect(row).toMatchObject({ status: 'deleted', approved: false, edit_token_hash: null });
      expect(row.deleted_at).toBeInstanceOf(Date);

      expect(PURGE_AFTER_SECONDS).toBe(7 * 24 * 3600);
      const jobs = await sql(
        `SELECT start_after, extract(epoch FROM start_after - now()) AS seconds
           FROM pgboss.job WHERE name = 'purge-deleted-ad' AND (data->>'adId')::bigint = $1`,
        [ad.postId],
      );
      expect(jobs.rows).toHaveLength(1);
      const seconds = Number((jobs.rows[0] as { seconds: string }).seconds);
      expect(seconds).toBeGreaterThan(PURGE_AFTER_SECONDS - 120);
      expect(seconds).toBeLessThanOrEqual(PURGE_AFTER_SECONDS + 5);

      const again = await call(t.app, 'POST', '/api/post/delete', {
        headers: { session: owner.token },
        body: { postId: ad.postId },
      });
      expectErrorBody(again, 404);
    });

    it('purgeDeletedAd wipes the personal fields and phone codes of a deleted ad only', async () => {
      const ad = await createAd(t.app, {
        session: owner.token,
        type: 'free',
        overrides: { backlink: 'https://purged-link.example/', description: '<p>Call me.</p>' },
      });
      await call(t.app, 'POST', '/api/verify/phone', {
        headers: { session: owner.token },
        body: { id: ad.postId },
      });
      expect(
        (await sql('SELECT count(*) AS n FROM phone_codes WHERE ad_id = $1', [ad.postId])).rows[0],
      ).toEqual({ n: '1' });
      const live = await createAd(t.app, { session: owner.token });
      // An edit of the ad once live, refused, and one that waited when it was deleted.
      for (const state of ['rejected', 'pending']) {
        await sql(`INSERT INTO ad_revisions (ad_id, fields, state) VALUES ($1, $2::jsonb, $3)`, [
          ad.postId,
          JSON.stringify({ name: 'Jade', phone: '702-208-4567' }),
          state,
        ]);
      }
      await call(t.app, 'POST', '/api/post/delete', {
        headers: { session: owner.token },
        body: { postId: ad.postId },
      });

      await purgeDeletedAd(t.database.db, Number(ad.postId));
      await purgeDeletedAd(t.database.db, Number(live.postId));

      const row = await adRow(t, ad.postId);
      expect(row).toMatchObject({
        status: 'deleted',
        title: '[deleted]',
        name: '[deleted]',
        description_html: '',
        description_text: '',
        phone: '',
        phone_e164: null,
        email: '[deleted]',
        backlink: null,
        backlink_key: null,
        flags: [],
      });
      // The phone in any form (a bare "702" would also match a timestamp's milliseconds).
      expect(JSON.stringify(row)).not.toMatch(
        /Jade|life@example|702-?208|7022084567|purged-link|Call me/,
      );
      expect(
        (await sql('SELECT count(*) AS n FROM phone_codes WHERE ad_id = $1', [ad.postId])).rows[0],
      ).toEqual({ n: '0' });
      // Its edits, waiting or decided, go with it.
      expect(
        (await sql('SELECT count(*) AS n FROM ad_revisions WHERE ad_id = $1', [ad.postId])).rows[0],
      ).toEqual({ n: '0' });
      // The id is never reused, and a live ad is untouched.
      expect((await adRow(t, live.postId)).title).toBe(adForm.title);
      const next = await createAd(t.app, { session: owner.token });
      expect(Number(next.postId)).toBeGreaterThan(Number(live.postId));
    });
  });
});

describe('submitting a free ad with a link checks the backlink again', () => {
  let t: TestApp;
  let pages: PageServer;
  let session: string;
  beforeAll(async () => {
    pages = await startPageServer();
    t = await createTestApp({
      limiter: relaxedLimiter(),
      backlinks: localPageChecker(2_000),
    });
    session = (await registerVerified(t.app, 'linker@example.com', 'a long enough passphrase'))
      .token;
  });
  afterAll(async () => {
    await t.close();
    await pages.close();
  });

  const submit = (id: string) =>
    call(t.app, 'POST', `/api/post/${id}/submit`, { headers: { session } });

  it('sends the ad to review when its page links to the site', async () => {
    const ad = await createAd(t.app, {
      session,
      type: 'free',
      overrides: { backlink: pages.named('/linked/jade') },
    });
    const res = await submit(ad.postId);
    expect(res.status, res.text).toBe(200);
    expect((await adRow(t, ad.postId)).status).toBe('pending');
  });

  it('refuses with finishFailed when the page does not link, and leaves the ad incomplete', async () => {
    const ad = await createAd(t.app, {
      session,
      type: 'free',
      overrides: { backlink: pages.named('/unlinked/jade') },
    });
    const res = await submit(ad.postId);
    expectErrorBody(res, 400);
    expect(res.json).toEqual({
      success: false,
      error: sayIn('en', adMessages.wizard.finishFailed),
      fields: { backlink: sayIn('en', adMessages.form.backlinkNotFound) },
    });
    expect((await adRow(t, ad.postId)).status).toBe('incomplete');

    // Fixed page, same ad: now it goes.
    await call(t.app, 'PATCH', '/api/post', {
      headers: { session },
      body: { ...adForm, post_id: ad.postId, backlink: pages.named('/linked/fixed') },
    });
    expect((await submit(ad.postId)).status).toBe(200);
  });

  it('refuses when the page redirects to an address the policy refuses', async () => {
    const ad = await createAd(t.app, {
      session,
      type: 'free',
      overrides: { backlink: pages.named('/to-refused') },
    });
    expectErrorBody(await submit(ad.postId), 400);
    expect((await adRow(t, ad.postId)).status).toBe('incomplete');
  });

  it('refuses an ftp link, which cannot be checked', async () => {
    const ad = await createAd(t.app, {
      session,
      type: 'free',
      overrides: { backlink: 'ftp://files.jade.example/index.html' },
    });
    expectErrorBody(await submit(ad.postId), 400);
  });

  it('does not check a free verified ad’s link', async () => {
    const ad = await createAd(t.app, {
      session,
      type: 'free_verified',
      overrides: { backlink: pages.named('/unlinked/verified') },
    });
    await addVerificationPhoto(t.app, ad.postId, await jpegFile(), { session });
    expect((await submit(ad.postId)).status).toBe(200);
  });
});
