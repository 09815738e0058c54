import { type Ad, type AdListRow } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, relaxedLimiter, type SignedIn } from './support/accounts.js';
import { createAd } from './support/ads.js';
import { addVerificationPhoto, jpegFile } from './support/photos.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

/**
 * 'Feature this ad' (issue 24): which ads may be featured is the lifecycle table's
 * answer (`adAbilities`), given to the owner's screens as `lifecycle.featurable` on
 * GET /api/post/{id} and `featurable` on each My Posts row.
 */
describe('which ads can be featured', () => {
  let t: TestApp;
  let owner: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    owner = await registerVerified(t.app, 'feature@example.com', 'a long enough passphrase');
  });
  afterAll(async () => {
    await t.close();
  });

  const sql = (text: string, values: unknown[]) => t.database.pool.query(text, values);
  const headers = () => ({ session: owner.token });
  async function answers(id: string): Promise<{ ad: boolean; row: boolean | undefined }> {
    const ad = await call(t.app, 'GET', `/api/post/${id}`, { headers: headers() });
    expect(ad.status).toBe(200);
    const list = await call(t.app, 'GET', '/api/posts', { headers: headers() });
    const row = (list.json as AdListRow[]).find((r) => r.postId === id);
    return {
      ad: (ad.json as Ad).lifecycle.featurable,
      row: row?.featurable,
    };
  }

  it('not a free verified draft without its verification photo, nor a draft with it', async () => {
    const ad = await createAd(t.app, { session: owner.token, type: 'free_verified' });
    expect(await answers(ad.postId)).toEqual({ ad: false, row: false });
    await addVerificationPhoto(t.app, ad.postId, await jpegFile(), headers());
    expect(await answers(ad.postId)).toEqual({ ad: false, row: false });
  });

  it('not a VIP ad whose VIP time is not paid for', async () => {
    const ad = await createAd(t.app, { session: owner.token, type: 'paid' });
    expect(await answers(ad.postId)).toEqual({ ad: false, row: false });
  });

  it('an ad waiting for review, and a live one; not once its time is up', async () => {
    const ad = await createAd(t.app, { session: owner.token, type: 'free_verified' });
    await addVerificationPhoto(t.app, ad.postId, await jpegFile(), headers());
    const submitted = await call(t.app, 'POST', `/api/post/${ad.postId}/submit`, {
      headers: headers(),
    });
    expect(submitted.status).toBe(200);
    expect(await answers(ad.postId)).toEqual({ ad: true, row: true });

    await sql(
      `UPDATE ads SET status = 'active', approved = true, posted_at = now(),
              expires_at = now() + interval '30 days' WHERE id = $1`,
      [ad.postId],
    );
    expect(await answers(ad.postId)).toEqual({ ad: true, row: true });

    await sql(`UPDATE ads SET expires_at = now() - interval '1 minute' WHERE id = $1`, [ad.postId]);
    expect(await answers(ad.postId)).toEqual({ ad: false, row: false });
  });
});
