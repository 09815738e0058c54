import {
  moderationMessages,
  reportPromiseHours,
  reviewPromiseHours,
  type AdReview,
} from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, relaxedLimiter } from './support/accounts.js';
import { createAd } from './support/ads.js';
import { signedInWithRole } from './support/moderation.js';
import { as, insertReport, paidAdWithMoney } from './support/moderation-fixtures.js';
import { addPhotos, addVerificationPhoto, jpegFile, sceneJpeg } from './support/photos.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

describe('a moderator sees everything about one ad', () => {
  let t: TestApp;
  let jade: { token: string; userId: string };
  let ruby: { token: string; userId: string };
  let moderator: string;
  let adId: string;
  let rubyAdId: string;
  let jadeDraftId: string;

  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    jade = await registerVerified(t.app, 'jade@example.com', 'a long enough passphrase');
    ruby = await registerVerified(t.app, 'ruby@example.org', 'a long enough passphrase');
    moderator = (await signedInWithRole(t, 'mod@example.com', 'moderator')).token;
    const picture = { name: 'me.jpg', type: 'image/jpeg', data: await sceneJpeg('a', 320, 240) };

    adId = (
      await createAd(t.app, {
        session: jade.token,
        overrides: { title: 'Greek goddess visiting Las Vegas' },
      })
    ).postId;
    await addVerificationPhoto(t.app, adId, picture, { session: jade.token });
    await addPhotos(t.app, adId, [await jpegFile('other.jpg')], { session: jade.token });
    await t.database.pool.query(
      "UPDATE ads SET status = 'pending', submitted_at = now() WHERE id = $1",
      [adId],
    );
    await insertReport(t, adId, 'not_the_person', { details: 'Photos are of a model.' });

    // Another poster with the same phone number and the same picture.
    rubyAdId = (await createAd(t.app, { session: ruby.token })).postId;
    await addPhotos(t.app, rubyAdId, [picture], { session: ruby.token });
    jadeDraftId = (await createAd(t.app, { session: jade.token })).postId;
  });
  afterAll(async () => {
    await t.close();
  });

  const review = async (id: string) => {
    const res = await call(t.app, 'GET', `/api/admin/posts/${id}`, as(moderator));
    expect(res.status, res.text).toBe(200);
    return res.json as AdReview;
  };

  it('shows the ad, its photos with the verification photo, its owner and other ads', async () => {
    const ad = await review(adId);
    expect(ad).toMatchObject({
      postId: adId,
      siteId: 'local',
      type: 'free_verified',
      status: 'pending',
      title: 'Greek goddess visiting Las Vegas',
      descriptionHtml: '<p>Friendly and <strong>discreet</strong>.</p>',
      name: 'Jade',
      age: 25,
      phone: '702-208-4567',
      email: 'jade@example.com',
      city: 'las-vegas',
      cityName: 'Las Vegas',
      countryName: 'United States',
      emailVerified: true,
      phoneVerified: false,
      owner: { userId: jade.userId, email: 'jade@example.com', role: 'advertiser', banned: false },
      ownerAds: [{ postId: jadeDraftId, status: 'incomplete', type: 'free_verified' }],
      payments: [],
      history: [],
    });
    // Under review for 48 hours, but the open report (priority 1) is due within 24.
    const reviewDue =
      new Date(ad.submittedAt ?? 0).getTime() + reviewPromiseHours.free_verified * 3_600_000;
    const reportDue =
      new Date(ad.reports[0]?.createdAt ?? 0).getTime() + (reportPromiseHours[1] ?? 0) * 3_600_000;
    expect(reportDue).toBeLessThan(reviewDue);
    expect(new Date(ad.deadline ?? 0).getTime()).toBe(reportDue);

    expect(ad.photos).toHaveLength(2);
    const [first, second] = ad.photos;
    // The verification photo is never the primary one: the public photo is.
    expect(first).toMatchObject({ verification: true, primary: false });
    expect(second).toMatchObject({ verification: false, primary: true });
    // Moderators' signed links: the ad is not public, so the plain URL would not load.
    expect(first?.url).toMatch(
      new RegExp(`^/photos/${adId}/${first?.photoId}-1600\\.webp\\?token=staff\\.`),
    );
    expect(first?.thumbUrl).toMatch(
      new RegExp(`^/photos/${adId}/${first?.photoId}-400\\.webp\\?token=staff\\.`),
    );
    expect(first?.sameOnAds).toEqual([{ postId: rubyAdId, ownerEmail: 'ruby@example.org' }]);
    expect(second?.sameOnAds).toEqual([]);
    const served = await call(t.app, 'GET', first?.url ?? '/');
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('flags refused words, the same phone and picture elsewhere, and open reports', async () => {
    const ad = await review(adId);
    expect(ad.flags).toEqual([
      { kind: 'refused_words', text: moderationMessages.flags.refusedWords(['greek']) },
      { kind: 'phone_elsewhere', text: moderationMessages.flags.phoneElsewhere(1) },
      { kind: 'photo_elsewhere', text: moderationMessages.flags.photoElsewhere(1) },
      { kind: 'reports', text: moderationMessages.flags.reports(1) },
    ]);
    expect(ad.reports).toEqual([
      expect.objectContaining({
        postId: adId,
        reason: 'not_the_person',
        details: 'Photos are of a model.',
        priority: 1,
        resolvedAt: null,
      }),
    ]);
    // The queue counts the same flags.
    const queue = await call(t.app, 'GET', '/api/admin/queue', as(moderator));
    const item = (queue.json as { items: { postId: string; flagCount: number }[] }).items.find(
      (i) => i.postId === adId,
    );
    expect(item?.flagCount).toBe(4);
  });

  it('flags an ad posted without an account under the email of someone’s account', async () => {
    const { postId: adId } = await createAd(t.app, {
      email: 'ruby@example.org',
      overrides: { phone: '212-736-5000' },
    });
    const ad = await review(adId);
    expect(ad.owner).toBeNull();
    expect(ad.flags).toEqual([
      { kind: 'email_elsewhere', text: moderationMessages.flags.emailElsewhere(1) },
    ]);
  });

  it('shows a paid ad’s payments', async () => {
    const { postId: adId, orderId } = await paidAdWithMoney(t, jade.token);
    const ad = await review(adId);
    expect(ad.paid).toBe(true);
    expect(ad.payments).toEqual([
      expect.objectContaining({
        orderId,
        product: 'paid',
        optionId: 'DAYS_30',
        status: 'complete',
        currency: 'USD',
      }),
    ]);
    const [payment] = ad.payments;
    expect(payment?.receivedSats).toBe(payment?.amountSats);
  });
});
