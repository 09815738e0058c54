import { rejectionSaid, sayIn, type AdListRow } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relaxedLimiter, type SignedIn } from './support/accounts.js';
import { registerWithAuthenticator } from './support/second-factors.js';
import { createAd } from './support/ads.js';
import { signedInWithRole } from './support/moderation.js';
import { as, paidAdWithMoney } from './support/moderation-fixtures.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

/*
 * Issue 16, point 5: My Posts says why a rejected ad was not approved, and whether
 * its payment may be refunded (the rejection mail's link asks for it).
 */
describe('My Posts (GET /api/posts): a rejected ad', () => {
  let t: TestApp;
  let moderator: SignedIn;
  let owner: SignedIn;

  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    moderator = await signedInWithRole(t, 'rejected-list-mod@example.com', 'moderator');
    owner = await registerWithAuthenticator(
      t,
      'rejected-list@example.com',
      'a long enough passphrase',
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const reject = async (id: string, body: { code?: string; reason: string }) => {
    const res = await call(t.app, 'POST', `/api/admin/posts/${id}/reject`, {
      ...as(moderator.token),
      body,
    });
    expect(res.status, res.text).toBe(200);
  };
  const rowOf = async (id: string): Promise<AdListRow | undefined> => {
    const res = await call(t.app, 'GET', '/api/posts', { headers: { session: owner.token } });
    expect(res.status, res.text).toBe(200);
    return (res.json as AdListRow[]).find((row) => row.postId === id);
  };

  it('gives the reason of a rejected paid ad and says its payment may be refunded', async () => {
    const { postId } = await paidAdWithMoney(t, owner.token);
    expect(await rowOf(postId)).toMatchObject({
      rejectionCode: null,
      rejectionNote: null,
      refundOffered: false,
    });
    await reject(postId, { code: 'explicit_language', reason: '  Please reword the title. ' });
    const row = await rowOf(postId);
    // Facts, not words: the app says the reason in its language, the note as written.
    expect(row).toMatchObject({
      status: 'rejected',
      rejectionCode: 'explicit_language',
      rejectionNote: 'Please reword the title.',
      refundOffered: true,
    });
    const said = (language: 'en' | 'fr-CA') =>
      sayIn(
        language,
        rejectionSaid({ code: row?.rejectionCode ?? null, note: row?.rejectionNote ?? null }) ?? '',
      );
    expect(said('en')).toBe(
      'Explicit language in the title or description: Please reword the title.',
    );
    expect(said('fr-CA')).toBe(
      'Langage explicite dans le titre ou la description : Please reword the title.',
    );
  });

  it('gives the reason of a rejected free ad, with no refund to ask for', async () => {
    const { postId } = await createAd(t.app, { session: owner.token, type: 'free_verified' });
    await call(t.app, 'POST', `/api/post/${postId}/submit`, { headers: { session: owner.token } });
    await t.database.pool.query(`UPDATE ads SET status = 'pending' WHERE id = $1`, [postId]);
    await reject(postId, { reason: 'The photos do not match.' });
    expect(await rowOf(postId)).toMatchObject({
      status: 'rejected',
      rejectionCode: null,
      rejectionNote: 'The photos do not match.',
      refundOffered: false,
    });
  });
});
