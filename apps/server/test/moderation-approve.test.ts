import { lifecycle, lifecycleMessages, mailMessages, sayAllIn, sayIn } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relaxedLimiter } from './support/accounts.js';
import { registerWithAuthenticator } from './support/second-factors.js';
import { adRow, createAd, expectErrorBody } from './support/ads.js';
import { signedInWithRole } from './support/moderation.js';
import { as, paidAdWithMoney, pendingAd } from './support/moderation-fixtures.js';
import { readOutbox } from './support/outbox.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

/** The moderation mails' texts in English, as an English reader gets them. */
const moderationMail = sayAllIn('en', mailMessages.moderation);

const DAY_MS = 86_400_000;

describe('a moderator approves an ad', () => {
  let t: TestApp;
  let advertiser: string;
  let moderator: { token: string; userId: string };
  const email = 'adv@example.com';

  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    advertiser = (await registerWithAuthenticator(t, email, 'a long enough passphrase')).token;
    moderator = await signedInWithRole(t, 'mod@example.com', 'moderator');
  });
  afterAll(async () => {
    await t.close();
  });

  const approve = (id: string) =>
    call(t.app, 'POST', `/api/admin/posts/${id}/approve`, as(moderator.token));

  const auditOf = async (id: string) => {
    const { rows } = await t.database.pool.query<{
      action: string;
      actor_id: string;
      actor_email: string;
      before: Record<string, unknown>;
      after: Record<string, unknown>;
    }>("SELECT * FROM audit_log WHERE target_type = 'ad' AND target_id = $1 ORDER BY id", [id]);
    return rows;
  };

  it('makes a free ad public for 30 days from now, mails the public link, audits it', async () => {
    const id = await pendingAd(t, advertiser, { submittedHoursAgo: 5 });
    const res = await approve(id);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ success: true, status: 'active' });

    const ad = await adRow(t, id);
    expect(ad).toMatchObject({
      status: 'active',
      approved: true,
      reviewed_by: moderator.userId,
      rejection_code: null,
      rejection_reason: null,
    });
    const now = Date.now();
    expect(Math.abs((ad.posted_at as Date).getTime() - now)).toBeLessThan(60_000);
    expect(
      Math.abs((ad.expires_at as Date).getTime() - (now + lifecycle.freeAdDays * DAY_MS)),
    ).toBeLessThan(60_000);

    const [mail] = await readOutbox(t.app, email);
    expect(mail?.subject).toContain(moderationMail.approvedSubject({ adId: id }));
    expect(mail?.text).toContain(moderationMail.approvedBody({ adId: id }));
    expect(mail?.text).toContain(`http://las-vegas.localhost:3000/ads/details/${id}`);

    const [entry, ...more] = await auditOf(id);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      action: 'ad.approve',
      actor_id: moderator.userId,
      actor_email: 'mod@example.com',
      before: { status: 'pending', approved: false, expiresAt: null },
      after: { status: 'active', approved: true },
    });
    expect(entry?.after.expiresAt).toBe((ad.expires_at as Date).toISOString());

    // Public on its city page's host at once (nothing was cached before).
    const page = await call(t.app, 'GET', `/ads/details/${id}`, {
      headers: { host: 'las-vegas.localhost:3000' },
    });
    expect(page.status).toBe(200);
    expect(page.text).toContain('Evening companion in Las Vegas');

    // The owner's card shows it approved.
    const card = await call(t.app, 'GET', `/api/post/${id}`, { headers: { session: advertiser } });
    expect(card.json).toMatchObject({ status: 'active', approved: true });
  });

  it('starts the paid time at approval: the days the payment held run from now', async () => {
    const { postId: adId } = await paidAdWithMoney(t, advertiser);
    const before = await adRow(t, adId);
    // Paid for 30 days, held while it waits for review.
    expect(before).toMatchObject({
      status: 'pending',
      paid: true,
      paid_days: 30,
      expires_at: null,
    });
    expect((await approve(adId)).status).toBe(200);
    const after = await adRow(t, adId);
    expect(after).toMatchObject({ status: 'active', approved: true, paid: true, paid_days: 0 });
    expect(
      Math.abs((after.expires_at as Date).getTime() - (Date.now() + 30 * DAY_MS)),
    ).toBeLessThan(60_000);
  });

  it('answers 409 for an ad that is not waiting for review, and changes nothing', async () => {
    const id = await pendingAd(t, advertiser);
    expect((await approve(id)).status).toBe(200);
    const again = await approve(id);
    expectErrorBody(again, 409);
    expect(again.json).toMatchObject({ error: sayIn('en', lifecycleMessages.refused.approve) });
    expect(await auditOf(id)).toHaveLength(1);

    const { postId: draft } = await createAd(t.app, { session: advertiser });
    const refused = await approve(draft);
    expectErrorBody(refused, 409);
    expect(refused.json).toMatchObject({ error: sayIn('en', lifecycleMessages.refused.approve) });
    expect(await adRow(t, draft)).toMatchObject({ status: 'incomplete', approved: false });
  });

  it('approves a rejected ad when the moderator changes their mind', async () => {
    const id = await pendingAd(t, advertiser);
    const rejected = await call(t.app, 'POST', `/api/admin/posts/${id}/reject`, {
      ...as(moderator.token),
      body: { code: 'age_unclear', reason: 'Please show your age.' },
    });
    expect(rejected.status).toBe(200);
    expect((await approve(id)).json).toEqual({ success: true, status: 'active' });
    expect(await adRow(t, id)).toMatchObject({
      status: 'active',
      rejection_code: null,
      rejection_reason: null,
    });
    expect((await auditOf(id)).map((e) => e.action)).toEqual(['ad.reject', 'ad.approve']);
  });

  it('approves an ad posted without an account, and says it still needs one', async () => {
    const anonymousEmail = 'walk-in@example.com';
    const { postId: adId } = await createAd(t.app, { email: anonymousEmail });
    await t.database.pool.query(
      "UPDATE ads SET status = 'pending', submitted_at = now() WHERE id = $1",
      [adId],
    );
    expect((await approve(adId)).status).toBe(200);
    expect(await adRow(t, adId)).toMatchObject({ status: 'active', owner_id: null });
    const [mail] = await readOutbox(t.app, anonymousEmail);
    expect(mail?.subject).toContain(moderationMail.approvedSubject({ adId }));
    expect(mail?.text).toContain(moderationMail.approvedNeedsAccount({ adId }));
  });
});
