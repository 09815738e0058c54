import {
  adMessages,
  consoleMessages,
  moderationMessages,
  type AdReview,
  sayIn,
} from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, relaxedLimiter, type SignedIn } from './support/accounts.js';
import { adForm, createAd } from './support/ads.js';
import { publishThroughReview, signedInWithRole } from './support/moderation.js';
import { as } from './support/moderation-fixtures.js';
import { addPhotos, jpegFile } from './support/photos.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

const labels = consoleMessages.review.facts;

/*
 * Issue 13: an edit of a live ad waits as a revision; the moderator reviewing
 * it sees what changed (the public value and the proposed one, field by field,
 * and the photos that came with the edit), not only the ad as it is.
 */
describe('a moderator sees what an edit of a live ad changes', () => {
  let t: TestApp;
  let owner: SignedIn;
  let moderator: SignedIn;

  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    owner = await registerVerified(t.app, 'revision-owner@example.com', 'a long enough passphrase');
    moderator = await signedInWithRole(t, 'revision-mod@example.com', 'moderator');
  });
  afterAll(async () => {
    await t.close();
  });

  const review = async (id: string): Promise<AdReview> => {
    const res = await call(t.app, 'GET', `/api/admin/posts/${id}`, as(moderator.token));
    expect(res.status, res.text).toBe(200);
    return res.json as AdReview;
  };

  async function liveAd(title: string, phone: string): Promise<string> {
    const { postId: adId } = await createAd(t.app, {
      session: owner.token,
      type: 'free_verified',
      overrides: { title, phone },
    });
    await publishThroughReview(t, adId, { owner, moderator });
    return adId;
  }

  it('lists the changed fields and marks the photos the edit added; nothing once approved', async () => {
    const adId = await liveAd('Revision review approved title', '702-208-4601');
    const live = await review(adId);
    expect(live.revision).toBeNull();
    // A live ad without an edit can be taken down, not approved again.
    expect(live.decisions).toEqual({ approvable: false, rejectable: true, onRevision: false });

    const edited = await call(t.app, 'PATCH', '/api/post', {
      headers: { session: owner.token },
      body: {
        ...adForm,
        post_id: adId,
        title: 'Revision review edited title',
        phone: '702-208-4602',
        business: 'agency',
      },
    });
    expect(edited.status, edited.text).toBe(200);
    await addPhotos(t.app, adId, [await jpegFile('new.jpg', [30, 30, 200])], {
      session: owner.token,
    });

    const during = await review(adId);
    // Approve and Reject act on the edit.
    expect(during.decisions).toEqual({ approvable: true, rejectable: true, onRevision: true });
    // The ad itself is still the approved version.
    expect(during.title).toBe('Revision review approved title');
    expect(during.revision?.changes).toEqual(
      expect.arrayContaining([
        {
          field: labels.title,
          before: 'Revision review approved title',
          after: 'Revision review edited title',
        },
        { field: labels.phone, before: '702-208-4601', after: '702-208-4602' },
      ]),
    );
    const business = during.revision?.changes.find((c) => c.field === labels.business);
    expect(business?.after).toBe('Escort Agency');
    expect(during.revision?.changes.map((c) => c.field)).not.toContain(labels.name);
    expect(during.revision?.newPhotos).toBe(1);
    expect(during.photos.filter((p) => p.pending)).toHaveLength(1);

    const approved = await call(
      t.app,
      'POST',
      `/api/admin/posts/${adId}/approve`,
      as(moderator.token),
    );
    expect(approved.status, approved.text).toBe(200);
    const after = await review(adId);
    expect(after.title).toBe('Revision review edited title');
    expect(after.revision).toBeNull();
    expect(after.photos.some((p) => p.pending)).toBe(false);
  });

  it('flags refused words the edit would publish', async () => {
    const adId = await liveAd('Revision review clean title', '702-208-4603');
    const before = await review(adId);
    expect(before.flags.map((f) => f.kind)).not.toContain('refused_words');
    const edited = await call(t.app, 'PATCH', '/api/post', {
      headers: { session: owner.token },
      body: { ...adForm, post_id: adId, phone: '702-208-4603', title: 'Full service tonight' },
    });
    expect(edited.status, edited.text).toBe(200);
    expect((await review(adId)).flags.map((f) => f.kind)).toContain('refused_words');
  });

  it('never lets an edit take a link another ad holds: refused when saved, and when approved', async () => {
    const link = 'https://example.com/links/revision-review';
    const a = await liveAd('Revision review link holder', '702-208-4604');
    const { postId: b } = await createAd(t.app, {
      session: owner.token,
      type: 'free_verified',
      overrides: { phone: '702-208-4605' },
    });
    const edit = (id: string, phone: string) =>
      call(t.app, 'PATCH', '/api/post', {
        headers: { session: owner.token },
        body: { ...adForm, post_id: id, phone, backlink: link },
      });

    // The live ad's edit asks for the link first; it waits as a revision.
    const first = await edit(a, '702-208-4604');
    expect(first.status, first.text).toBe(200);
    // Another ad asking for the same link while that edit waits is refused.
    const clash = await edit(b, '702-208-4605');
    expect(clash.status, clash.text).toBe(400);
    expect((clash.json as { error: string }).error).toBe(
      sayIn('en', adMessages.form.backlinkTaken),
    );

    // A link taken by an ad while an edit asking for it waited: approval says so, no 500.
    await t.database.pool.query('UPDATE ads SET backlink = $1, backlink_key = $2 WHERE id = $3', [
      link,
      'example.com/links/revision-review',
      b,
    ]);
    const approved = await call(
      t.app,
      'POST',
      `/api/admin/posts/${a}/approve`,
      as(moderator.token),
    );
    expect(approved.status, approved.text).toBe(409);
    expect((approved.json as { error: string }).error).toBe(
      moderationMessages.revisionBacklinkTaken,
    );
    expect((await review(a)).revision).not.toBeNull();
  });
});
