import { lifecycleMessages, type OutboxMessage, sayIn } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LifecycleJobDeps } from '../src/modules/lifecycle/lifecycle-deps.js';
import { formatExpiry } from '../src/modules/lifecycle/lifecycle-mails.js';
import { runAdLifecycle } from '../src/modules/lifecycle/run-ad-lifecycle.js';
import { siteServedOn } from '../src/modules/sites/served-site.js';
import { siteById } from '../src/modules/sites/site-by-id.js';
import { registerVerified, relaxedLimiter, sqlCount } from './support/accounts.js';
import { adForm, adRow, createAd } from './support/ads.js';
import { makeAdPublic } from './support/moderation.js';
import { readOutbox } from './support/outbox.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const SECOND = 1000;
const HOUR = 60 * 60 * SECOND;
const DAY = 24 * HOUR;
/** The port the local site is served on here, so its links show it. */
const PORT = 4321;

describe('the ad lifecycle job: expiry and reminders on a controllable clock', () => {
  let t: TestApp;
  let deps: LifecycleJobDeps;
  let accounts = 0;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    deps = {
      database: t.database,
      queue: t.queue,
      adChanges: t.adChanges,
      siteById: (id) => siteServedOn(siteById(id), PORT),
    };
  });
  afterAll(async () => {
    await t.close();
  });

  const run = (now: Date) => runAdLifecycle(deps, now);

  /** A public ad of a fresh owner, expiring at `expiresAt` (or as makeAdPublic leaves it). */
  async function publicAd(
    options: { type?: 'free' | 'free_verified' | 'paid'; expiresAt?: Date; phone?: string } = {},
  ): Promise<{ id: string; email: string; userId: string }> {
    accounts += 1;
    const email = `lifecycle-${accounts}@example.com`;
    const owner = await registerVerified(t.app, email, 'a long enough passphrase');
    const type = options.type ?? 'free_verified';
    const ad = await createAd(t.app, {
      session: owner.token,
      type: type === 'paid' ? 'paid' : 'free_verified',
      ...(options.phone ? { overrides: { phone: options.phone } } : {}),
    });
    await makeAdPublic(t, ad.postId);
    // A free ad with a link needs a reachable backlink to be created; its type is what counts here.
    if (type === 'free') {
      await t.database.pool.query("UPDATE ads SET type = 'free' WHERE id = $1", [ad.postId]);
    }
    if (options.expiresAt) {
      await t.database.pool.query('UPDATE ads SET expires_at = $2 WHERE id = $1', [
        ad.postId,
        options.expiresAt,
      ]);
    }
    return { id: ad.postId, email, userId: owner.userId };
  }

  /** The lifecycle mails an address received, oldest first (registration mails left out). */
  async function lifecycleMails(email: string): Promise<OutboxMessage[]> {
    const all = await readOutbox(t.app, email);
    return all.filter((mail) => /expire/.test(mail.subject)).reverse();
  }

  const notices = (id: string) =>
    t.database.pool
      .query<{ kind: string; expires_at: Date }>(
        'SELECT kind, expires_at FROM ad_expiry_notices WHERE ad_id = $1 ORDER BY sent_at',
        [id],
      )
      .then((result) => result.rows);

  it('keeps an ad public until its expiry time and expires it just after', async () => {
    const at = new Date(Date.now() + 3 * DAY);
    const ad = await publicAd({ expiresAt: at });

    await run(new Date(at.getTime() - SECOND));
    expect(await adRow(t, ad.id)).toMatchObject({ status: 'active', approved: true });

    const result = await run(new Date(at.getTime() + SECOND));
    expect(result.expired).toBeGreaterThanOrEqual(1);
    // Off the public pages (they show only active ads); the approval stays as history.
    expect(await adRow(t, ad.id)).toMatchObject({ status: 'expired', approved: true });
    expect(await notices(ad.id)).toContainEqual({ kind: 'expired', expires_at: at });
  });

  it('mails the expiry notice once: ad id, title, when, and the renewal link', async () => {
    const at = new Date(Date.now() + 2 * DAY);
    const ad = await publicAd({ type: 'free', expiresAt: at });

    await run(new Date(at.getTime() + 5 * SECOND));
    await run(new Date(at.getTime() + 10 * SECOND));
    await run(new Date(at.getTime() + HOUR));

    const expired = (await lifecycleMails(ad.email)).filter((mail) =>
      mail.subject.startsWith(sayIn('en', lifecycleMessages.mail.expiredSubject({ adId: ad.id }))),
    );
    expect(expired).toHaveLength(1);
    const [mail] = expired;
    const link = `http://localhost:${PORT}/edit-post?id=${ad.id}&renew=1`;
    expect(mail?.text).toContain(
      sayIn(
        'en',
        lifecycleMessages.mail.expiredBody({
          adId: ad.id,
          title: adForm.title,
          when: formatExpiry(at, 'en'),
        }),
      ),
    );
    expect(mail?.text).toContain(sayIn('en', lifecycleMessages.mail.renewFree));
    expect(mail?.text).toContain(link);
    expect(mail?.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
    expect(mail?.subject).toContain(siteById('local').name);
  });

  it('tells the owner of a paid ad to renew through payment', async () => {
    const at = new Date(Date.now() + 2 * DAY);
    const ad = await publicAd({ type: 'paid', expiresAt: at });
    await run(new Date(at.getTime() + SECOND));
    const [mail] = await lifecycleMails(ad.email);
    expect(mail?.subject).toContain(
      sayIn('en', lifecycleMessages.mail.expiredSubject({ adId: ad.id })),
    );
    expect(mail?.text).toContain(sayIn('en', lifecycleMessages.mail.renewPaid));
    expect(mail?.text).not.toContain(sayIn('en', lifecycleMessages.mail.renewFree));
    expect(mail?.text).toContain(`/edit-post?id=${ad.id}&renew=1`);
  });

  it('reminds a week and a day ahead, each once, then sends the expiry notice', async () => {
    const at = new Date(Date.now() + 20 * DAY);
    const ad = await publicAd({ expiresAt: at });
    const before = (ms: number) => new Date(at.getTime() - ms);

    await run(before(8 * DAY));
    expect(await lifecycleMails(ad.email)).toEqual([]);

    await run(before(7 * DAY - SECOND));
    await run(before(6 * DAY));
    await run(before(2 * DAY));
    let mails = await lifecycleMails(ad.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringContaining(sayIn('en', lifecycleMessages.mail.weekSubject({ adId: ad.id }))),
    ]);
    expect(mails[0]?.text).toContain(
      sayIn(
        'en',
        lifecycleMessages.mail.reminderBody({
          adId: ad.id,
          title: adForm.title,
          when: formatExpiry(at, 'en'),
        }),
      ),
    );
    expect(mails[0]?.text).toContain(`http://localhost:${PORT}/edit-post?id=${ad.id}&renew=1`);

    await run(before(DAY - SECOND));
    await run(before(HOUR));
    mails = await lifecycleMails(ad.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringContaining(sayIn('en', lifecycleMessages.mail.weekSubject({ adId: ad.id }))),
      expect.stringContaining(sayIn('en', lifecycleMessages.mail.daySubject({ adId: ad.id }))),
    ]);
    expect(mails[1]?.text).toContain(`http://localhost:${PORT}/edit-post?id=${ad.id}&renew=1`);
    expect(await adRow(t, ad.id)).toMatchObject({ status: 'active' });

    await run(new Date(at.getTime() + SECOND));
    mails = await lifecycleMails(ad.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringContaining(sayIn('en', lifecycleMessages.mail.weekSubject({ adId: ad.id }))),
      expect.stringContaining(sayIn('en', lifecycleMessages.mail.daySubject({ adId: ad.id }))),
      expect.stringContaining(sayIn('en', lifecycleMessages.mail.expiredSubject({ adId: ad.id }))),
    ]);
    expect((await notices(ad.id)).map((notice) => notice.kind)).toEqual(['week', 'day', 'expired']);
  });

  it('sends only the day reminder to an ad first seen less than a day before expiry', async () => {
    const at = new Date(Date.now() + 30 * DAY);
    const ad = await publicAd({ expiresAt: at });
    await run(new Date(at.getTime() - 12 * HOUR));
    await run(new Date(at.getTime() - 6 * HOUR));
    const mails = await lifecycleMails(ad.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringContaining(sayIn('en', lifecycleMessages.mail.daySubject({ adId: ad.id }))),
    ]);
  });

  it('reminds again for a new expiry time (a renewal moves it)', async () => {
    const at = new Date(Date.now() + 40 * DAY);
    const ad = await publicAd({ type: 'paid', expiresAt: at });
    await run(new Date(at.getTime() - 5 * DAY));
    const later = new Date(at.getTime() + 30 * DAY);
    await t.database.pool.query('UPDATE ads SET expires_at = $2 WHERE id = $1', [ad.id, later]);
    await run(new Date(later.getTime() - 5 * DAY));
    const mails = await lifecycleMails(ad.email);
    expect(mails).toHaveLength(2);
    expect(mails[0]?.text).toContain(formatExpiry(at, 'en'));
    expect(mails[1]?.text).toContain(formatExpiry(later, 'en'));
  });

  it('reminds once when the expiry is stored with microseconds, as approval stores it', async () => {
    const ad = await publicAd();
    await makeAdPublic(t, ad.id, { expiresInDays: 5 });
    const now = new Date();
    await run(now);
    await run(new Date(now.getTime() + SECOND));
    await run(new Date(now.getTime() + HOUR));
    expect(await lifecycleMails(ad.email)).toHaveLength(1);
    expect(await notices(ad.id)).toHaveLength(1);
  });

  it('mails each reminder once when two workers run at the same moment', async () => {
    const at = new Date(Date.now() + 50 * DAY);
    const ads = await Promise.all([publicAd({ expiresAt: at }), publicAd({ expiresAt: at })]);
    const now = new Date(at.getTime() - 3 * DAY);
    await Promise.all([run(now), run(now), run(now)]);
    for (const ad of ads) expect(await lifecycleMails(ad.email)).toHaveLength(1);

    const after = new Date(at.getTime() + SECOND);
    await Promise.all([run(after), run(after), run(after)]);
    for (const ad of ads) {
      expect(await lifecycleMails(ad.email)).toHaveLength(2);
      expect(await adRow(t, ad.id)).toMatchObject({ status: 'expired' });
    }
  });

  it('expires ads of banned owners and anonymous ads without mailing them', async () => {
    const at = new Date(Date.now() + 60 * DAY);
    // A number of its own: once its owner is banned, nobody may post with it again.
    const banned = await publicAd({ expiresAt: at, phone: '702-208-4521' });
    await t.database.pool.query('UPDATE users SET banned_at = now() WHERE id = $1', [
      banned.userId,
    ]);
    const anonymousEmail = 'lifecycle-anonymous@example.com';
    const anonymous = await createAd(t.app, { email: anonymousEmail });
    await makeAdPublic(t, anonymous.postId);
    await t.database.pool.query('UPDATE ads SET expires_at = $2 WHERE id = $1', [
      anonymous.postId,
      at,
    ]);

    await run(new Date(at.getTime() - 3 * DAY));
    await run(new Date(at.getTime() + SECOND));

    expect(await adRow(t, banned.id)).toMatchObject({ status: 'expired' });
    expect(await adRow(t, anonymous.postId)).toMatchObject({ status: 'expired' });
    expect(await lifecycleMails(banned.email)).toEqual([]);
    expect(await lifecycleMails(anonymousEmail)).toEqual([]);
  });

  it('leaves ads that are not active alone', async () => {
    const at = new Date(Date.now() + 70 * DAY);
    const ad = await publicAd({ expiresAt: at });
    await t.database.pool.query("UPDATE ads SET status = 'pending' WHERE id = $1", [ad.id]);
    await run(new Date(at.getTime() - 3 * DAY));
    await run(new Date(at.getTime() + SECOND));
    expect(await adRow(t, ad.id)).toMatchObject({ status: 'pending' });
    expect(await lifecycleMails(ad.email)).toEqual([]);
  });

  it('deletes preview tokens past their expiry and keeps live ones', async () => {
    const ad = await publicAd();
    const now = new Date(Date.now() + 80 * DAY);
    await t.database.pool.query(
      `INSERT INTO preview_tokens (token_hash, ad_id, expires_at) VALUES
         ('lifecycle-old', $1, $2), ('lifecycle-live', $1, $3)`,
      [ad.id, new Date(now.getTime() - 60 * SECOND), new Date(now.getTime() + 5 * 60 * SECOND)],
    );
    const result = await run(now);
    expect(result.previewTokensDeleted).toBeGreaterThanOrEqual(1);
    const left = await t.database.pool.query<{ token_hash: string }>(
      "SELECT token_hash FROM preview_tokens WHERE token_hash LIKE 'lifecycle-%'",
    );
    expect(left.rows.map((row) => row.token_hash)).toEqual(['lifecycle-live']);
    expect(await sqlCount(t, 'SELECT count(*) AS n FROM preview_tokens')).toBe(1);
  });
});
