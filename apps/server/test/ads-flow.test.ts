import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adForm as validAdForm } from './support/ads.js';
import { readOutbox } from './support/outbox.js';
import { addVerificationPhoto, jpegFile } from './support/photos.js';
import { registerVerified, relaxedLimiter } from './support/accounts.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

const adForm = {
  ...validAdForm,
  description: '<p>Friendly and <strong>discreet</strong>.</p><script>alert(1)</script>',
};

describe('a signed-in advertiser posts, edits, submits and deletes an ad', () => {
  let t: TestApp;
  let session: string;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    session = (await registerVerified(t.app, 'owner@example.com', 'a long enough passphrase'))
      .token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates, reads, lists, submits and deletes', async () => {
    const created = await call(t.app, 'POST', '/api/posts', {
      headers: { session },
      body: { ...adForm, type: 'free_verified' },
    });
    expect(created.status).toBe(200);
    const { post_id: adId, token } = created.json as { post_id: string; token: string };
    expect(adId).toMatch(/^\d+$/);
    expect(token.length).toBeGreaterThan(30);

    const read = await call(t.app, 'GET', `/api/post/${adId}`, { headers: { session } });
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({
      post_id: adId,
      type: 'free_verified',
      status: 'incomplete',
      email: 'owner@example.com',
      city_full: 'Las Vegas',
      country_full: 'United States',
      age: 25,
      verification: { verified_email: true, verified_phone: false },
    });
    expect((read.json as { description: string }).description).toBe(
      '<p>Friendly and <strong>discreet</strong>.</p>',
    );

    const mail = await readOutbox(t.app, 'owner@example.com');
    expect(mail[0]?.text).toContain(`/activate?email=owner%40example.com&token=`);

    const list = await call(t.app, 'GET', '/api/posts', { headers: { session } });
    expect(list.json).toEqual([
      expect.objectContaining({
        postId: adId,
        title: adForm.title,
        location: 'Las Vegas, NV',
        status: 'incomplete',
        type: 'free_verified',
        city: 'las-vegas',
      }),
    ]);

    // A verified ad needs its photo before it can go to review.
    const [photo] = await addVerificationPhoto(t.app, adId, await jpegFile(), { session });
    const submitted = await call(t.app, 'POST', `/api/post/${adId}/submit`, {
      headers: { session },
    });
    expect(submitted.status).toBe(200);
    expect(submitted.json).toMatchObject({
      success: true,
      post: { status: 'pending', photos: [{ photo_id: photo?.photo_id, verification: true }] },
    });

    const deleted = await call(t.app, 'POST', '/api/post/delete', {
      headers: { session },
      body: { postId: adId },
    });
    expect(deleted.json).toEqual({ success: true });
    const after = await call(t.app, 'GET', '/api/posts', { headers: { session } });
    expect(after.json).toEqual([]);
  });
});
