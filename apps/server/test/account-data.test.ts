import {
  accountDataExportSchema,
  accountMessages,
  limits,
  type AccountDataExport,
  sayIn,
} from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eraseDeletedAccounts } from '../src/modules/accounts/erase-deleted-accounts.js';
import { readReceipt } from '../src/modules/payments/read-receipt.js';
import { login, registerVerified, relaxedLimiter, sqlCount } from './support/accounts.js';
import { createAd } from './support/ads.js';
import { as, insertReport, paidAdWithMoney } from './support/moderation-fixtures.js';
import { makeAdPublic, signedInWithRole } from './support/moderation.js';
import { moneyCheck } from './support/payments.js';
import { addAuthenticator, codeFor } from './support/second-factors.js';
import { addPhotos, addVerificationPhoto, jpegFile, photoFiles } from './support/photos.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';
import { readOutbox } from './support/outbox.js';

const password = 'a long enough passphrase';
const VEGAS = 'las-vegas.localhost:3000';
const DAY_MS = 24 * 60 * 60_000;

describe('download my data, delete my account (issue 27)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
  });
  afterAll(async () => {
    await t.close();
  });

  /**
   * An advertiser with three ads: a live free verified ad with a photo and its
   * verification photo, a VIP ad paid in full and waiting for review (its paid days
   * held), and a draft.
   */
  async function advertiser(email: string) {
    const signedIn = await registerVerified(t.app, email, password);
    const session = signedIn.token;
    const live = await createAd(t.app, { session, type: 'free_verified' });
    await addPhotos(t.app, live.postId, [await jpegFile('one.jpg')], { session });
    await addVerificationPhoto(t.app, live.postId, await jpegFile('poster.jpg'), { session });
    await makeAdPublic(t, live.postId);
    // The draft first: once an ad is paid, ad changes wait for a second factor (issue 27).
    const draft = await createAd(t.app, { session, type: 'free_verified' });
    const paid = await paidAdWithMoney(t, session);
    return { ...signedIn, session, live: live.postId, paid, draft: draft.postId };
  }

  const exportData = (session: string, body: unknown = { password }) =>
    call(t.app, 'POST', '/api/account/data-export', { ...as(session), body });
  const deleteAccount = (session: string, body: unknown = { password }) =>
    call(t.app, 'POST', '/api/account/delete', { ...as(session), body });
  const status = async (session: string) =>
    ((await call(t.app, 'GET', '/api/user/status', as(session))).json as { ok: boolean }).ok;

  describe('the download', () => {
    it("holds exactly the account's data, as a dated JSON attachment, and no secret", async () => {
      const mine = await advertiser('mine@example.com');
      const other = await advertiser('other@example.com');
      const res = await exportData(mine.session);
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="account-data-\d{4}-\d{2}-\d{2}\.json"$/,
      );
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const data: AccountDataExport = accountDataExportSchema.parse(res.json);

      expect(data.account).toMatchObject({ id: mine.userId, email: 'mine@example.com' });
      expect(data.ads.map((ad) => ad.id).sort()).toEqual(
        [mine.live, mine.paid.postId, mine.draft].sort(),
      );
      const live = data.ads.find((ad) => ad.id === mine.live);
      expect(live?.phone).toBe('702-208-4567');
      expect(live?.photos.map((p) => p.verification).sort()).toEqual([false, true]);
      expect(data.orders.map((o) => o.id)).toEqual([mine.paid.orderId]);
      expect(data.receipts.map((r) => r.orderId)).toEqual([mine.paid.orderId]);
      expect(data.sessions.map((s) => s.id)).toContain(
        (
          await t.database.pool.query<{ id: string }>(
            'SELECT id FROM sessions WHERE user_id = $1 LIMIT 1',
            [mine.userId],
          )
        ).rows[0]?.id,
      );
      expect(data.sessions).toHaveLength(
        await sqlCount(t, 'SELECT count(*) AS n FROM sessions WHERE user_id = $1', [mine.userId]),
      );

      // Nothing of the other account, no hash of a password, token or code.
      expect(res.text).not.toContain('other@example.com');
      expect(res.text).not.toContain(other.userId);
      for (const id of [other.live, other.paid.postId, other.draft]) {
        expect(data.ads.some((ad) => ad.id === id)).toBe(false);
      }
      const secrets = await t.database.pool.query<{ secret: string }>(
        `SELECT password_hash AS secret FROM users WHERE id = $1
         UNION ALL SELECT token_hash FROM sessions WHERE user_id = $1
         UNION ALL SELECT edit_token_hash FROM ads WHERE owner_id = $1 AND edit_token_hash IS NOT NULL
         UNION ALL SELECT code_hash FROM email_codes WHERE user_id = $1`,
        [mine.userId],
      );
      expect(secrets.rows.length).toBeGreaterThan(3);
      for (const { secret } of secrets.rows) expect(res.text).not.toContain(secret);
      expect(res.text).not.toMatch(/argon2|token_?hash|password_?hash/i);
    });

    it('gives photo links the owner can open', async () => {
      const mine = await advertiser('photos.owner@example.com');
      const data = accountDataExportSchema.parse((await exportData(mine.session)).json);
      const photo = data.ads.find((ad) => ad.id === mine.live)?.photos[0];
      expect(photo?.url).toMatch(
        /^http:\/\/localhost:3000\/photos\/\d+\/[\w-]+-1600\.webp\?token=/,
      );
      const url = new URL(photo?.url ?? '');
      const file = await call(t.app, 'GET', `${url.pathname}${url.search}`);
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
    });

    it('asks for the password: a wrong one is refused and the session stays signed in', async () => {
      const mine = await advertiser('wrong.password@example.com');
      const res = await exportData(mine.session, { password: 'not the password at all' });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ error: sayIn('en', accountMessages.twoStep.reauthFailed) });
      expect(res.text).not.toContain('wrong.password@example.com');
      expect(await status(mine.session)).toBe(true);
      const missing = await exportData(mine.session, {});
      expect(missing.status).toBe(400);
      const anonymous = await call(t.app, 'POST', '/api/account/data-export', {
        body: { password },
      });
      expect(anonymous.status).toBe(401);
    });
  });

  describe('the deletion', () => {
    it('refuses a wrong password and changes nothing', async () => {
      const mine = await advertiser('keep.me@example.com');
      const res = await deleteAccount(mine.session, { password: 'not the password at all' });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ error: sayIn('en', accountMessages.twoStep.reauthFailed) });
      expect(await status(mine.session)).toBe(true);
      expect(
        await sqlCount(
          t,
          `SELECT count(*) AS n FROM ads WHERE owner_id = $1 AND status = 'deleted'`,
          [mine.userId],
        ),
      ).toBe(0);
      expect(
        await sqlCount(t, 'SELECT count(*) AS n FROM users WHERE id = $1 AND deleted_at IS NULL', [
          mine.userId,
        ]),
      ).toBe(1);
    });

    it('refuses a moderator or admin account: an administrator changes its role first', async () => {
      const moderator = await signedInWithRole(
        t,
        'staff.member@example.com',
        'moderator',
        password,
      );
      const res = await deleteAccount(moderator.token, {
        password,
        code: codeFor(moderator.totpSecret ?? ''),
      });
      expect(res.status).toBe(403);
      expect(res.json).toMatchObject({ error: sayIn('en', accountMessages.deletion.staffRefused) });
      expect(await status(moderator.token)).toBe(true);
    });

    it('takes every ad down, keeps the money on records, ends every session and refuses sign-in', async () => {
      const mine = await advertiser('leaving@example.com');
      const second = (await login(t.app, 'leaving@example.com', password)).json as {
        data: { token: string };
      };
      expect(
        (await call(t.app, 'GET', `/ads/details/${mine.live}`, { headers: { host: VEGAS } }))
          .status,
      ).toBe(200);

      const res = await deleteAccount(mine.session);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ success: true });

      // Every ad came down through the lifecycle's delete; the public page is gone at once.
      const { rows: adRows } = await t.database.pool.query<{ id: string; status: string }>(
        'SELECT id::text, status FROM ads WHERE owner_id = $1 ORDER BY id',
        [mine.userId],
      );
      expect(adRows.map((row) => row.status)).toEqual(['deleted', 'deleted', 'deleted']);
      expect(
        (await call(t.app, 'GET', `/ads/details/${mine.live}`, { headers: { host: VEGAS } }))
          .status,
      ).toBe(404);

      // The VIP ad's held days were never used: its money is on a refund record.
      const { rows: refundRows } = await t.database.pool.query<{
        reason: string;
        state: string;
        amount: string;
      }>(
        `SELECT r.reason, r.state, r.amount_sats::text AS amount FROM refunds r WHERE r.order_id = $1`,
        [mine.paid.orderId],
      );
      const { rows: orderRows } = await t.database.pool.query<{ confirmed: string }>(
        'SELECT confirmed_sats::text AS confirmed FROM payment_orders WHERE id = $1',
        [mine.paid.orderId],
      );
      expect(refundRows).toEqual([
        { reason: 'deleted', state: 'awaiting_address', amount: orderRows[0]?.confirmed },
      ]);
      expect(await moneyCheck(t)).toEqual([]);

      // Closed at once: both sessions ended, sign-in refused with the catalogue's words.
      expect(await status(mine.session)).toBe(false);
      expect(await status(second.data.token)).toBe(false);
      const again = await login(t.app, 'leaving@example.com', password);
      expect(again.status).toBe(403);
      expect(again.json).toMatchObject({
        error: sayIn('en', accountMessages.deletion.signInRefused),
      });
      // A wrong password learns nothing more than for any account.
      const wrong = await login(t.app, 'leaving@example.com', 'not the password at all');
      expect(wrong.status).toBe(401);
      // No reset link is mailed for it any more.
      await call(t.app, 'POST', '/api/user/resetpassword', {
        body: { email: 'leaving@example.com' },
      });
      expect(
        await sqlCount(t, 'SELECT count(*) AS n FROM password_resets WHERE user_id = $1', [
          mine.userId,
        ]),
      ).toBe(0);

      const audit = await t.database.pool.query<{
        action: string;
        after: { adsTakenDown: string[] };
      }>(`SELECT action, after FROM audit_log WHERE target_type = 'user' AND target_id = $1`, [
        mine.userId,
      ]);
      expect(audit.rows).toHaveLength(1);
      expect(audit.rows[0]?.action).toBe('user.delete');
      expect(audit.rows[0]?.after.adsTakenDown.sort()).toEqual(adRows.map((row) => row.id).sort());

      // The account is told, at its own address: what came down and the day of the erasure.
      const mails = await readOutbox(t.app, 'leaving@example.com');
      const notice = mails.find((m) =>
        m.subject.startsWith(sayIn('en', accountMessages.mail.accountDeleted.subject)),
      );
      const eraseDay = new Date(Date.now() + limits.accountErasureGraceDays * 24 * 60 * 60_000);
      expect(notice?.text).toContain(
        eraseDay.toLocaleDateString('en-US', {
          year: 'numeric',
          month: 'long',
          day: 'numeric',
          timeZone: 'UTC',
        }),
      );
      expect(
        await sqlCount(
          t,
          "SELECT count(*) AS n FROM security_events WHERE user_id = $1 AND kind = 'account_deleted'",
          [mine.userId],
        ),
      ).toBe(1);
    });
  });

  describe('the erasure job, past the grace period', () => {
    it('erases the personal data and photo files; orders, receipts, refunds and audit entries stay', async () => {
      const email = 'erase.me@example.com';
      const mine = await advertiser(email);
      const reportId = await insertReport(t, mine.live, 'scam', {
        details: 'Her number is 702-208-4567',
      });
      const other = await advertiser('stays@example.com');
      expect((await photoFiles(t)).some((file) => file.startsWith(`${mine.live}/`))).toBe(true);
      expect((await deleteAccount(mine.session)).status).toBe(200);
      const { rows: deletedRows } = await t.database.pool.query<{ deleted_at: Date }>(
        'SELECT deleted_at FROM users WHERE id = $1',
        [mine.userId],
      );
      const deletedAt = deletedRows[0]?.deleted_at ?? new Date();
      const auditBefore = await sqlCount(t, 'SELECT count(*) AS n FROM audit_log');
      const erasing = await sqlCount(
        t,
        'SELECT count(*) AS n FROM users WHERE deleted_at IS NOT NULL AND erased_at IS NULL',
      );
      const graceEnd = deletedAt.getTime() + limits.accountErasureGraceDays * DAY_MS;

      // Within the grace period nothing is erased.
      const deps = { database: t.database, storage: t.storage };
      expect(await eraseDeletedAccounts(deps, new Date(graceEnd - 60_000))).toBe(0);
      expect(await sqlCount(t, 'SELECT count(*) AS n FROM users WHERE email = $1', [email])).toBe(
        1,
      );

      // This account, and any deleted earlier in this file.
      const awaiting = await sqlCount(
        t,
        'SELECT count(*) AS n FROM users WHERE deleted_at IS NOT NULL AND erased_at IS NULL',
      );
      expect(awaiting).toBeGreaterThanOrEqual(1);
      expect(await eraseDeletedAccounts(deps, new Date(graceEnd + 60_000))).toBe(awaiting);

      const { rows: userRows } = await t.database.pool.query<Record<string, unknown>>(
        'SELECT email, email_normalized, password_hash, erased_at FROM users WHERE id = $1',
        [mine.userId],
      );
      expect(userRows[0]?.email).toBe(`erased-${mine.userId}@erased.invalid`);
      expect(userRows[0]?.password_hash).toBe('');
      expect(userRows[0]?.erased_at).not.toBeNull();
      const { rows: adRows } = await t.database.pool.query<Record<string, unknown>>(
        'SELECT title, name, phone, phone_e164, email, description_text FROM ads WHERE owner_id = $1',
        [mine.userId],
      );
      expect(adRows).toHaveLength(3);
      for (const ad of adRows) {
        expect(ad).toEqual({
          title: '[deleted]',
          name: '[deleted]',
          phone: '',
          phone_e164: null,
          email: '[deleted]',
          description_text: '',
        });
      }
      const adIds = [mine.live, mine.paid.postId, mine.draft];
      expect(
        await sqlCount(t, 'SELECT count(*) AS n FROM photos WHERE ad_id = ANY($1::bigint[])', [
          adIds,
        ]),
      ).toBe(0);
      const files = await photoFiles(t);
      expect(files.filter((file) => adIds.some((id) => file.startsWith(`${id}/`)))).toEqual([]);
      // The other account's photos and data are untouched.
      expect(files.some((file) => file.startsWith(`${other.live}/`))).toBe(true);
      expect(
        await sqlCount(t, 'SELECT count(*) AS n FROM users WHERE email = $1', [
          'stays@example.com',
        ]),
      ).toBe(1);
      expect(
        await sqlCount(t, 'SELECT count(*) AS n FROM sessions WHERE user_id = $1', [mine.userId]),
      ).toBe(0);
      expect(
        await sqlCount(t, 'SELECT count(*) AS n FROM outbox_messages WHERE recipient = $1', [
          email,
        ]),
      ).toBe(0);
      expect(
        await sqlCount(t, `SELECT count(*) AS n FROM ad_reports WHERE id = $1 AND details = ''`, [
          reportId,
        ]),
      ).toBe(1);

      // The order, its receipt and its refund stay, without the personal data.
      expect(
        await sqlCount(t, 'SELECT count(*) AS n FROM payment_orders WHERE id = $1', [
          mine.paid.orderId,
        ]),
      ).toBe(1);
      expect(
        await sqlCount(t, 'SELECT count(*) AS n FROM refunds WHERE order_id = $1', [
          mine.paid.orderId,
        ]),
      ).toBe(1);
      const receipt = await readReceipt(t.database.db, mine.paid.orderId);
      expect(receipt?.receipt.orderId).toBe(mine.paid.orderId);
      expect(receipt?.email).toBe(`erased-${mine.userId}@erased.invalid`);
      expect(receipt?.receipt.adTitle).toBe('[deleted]');
      expect(await moneyCheck(t)).toEqual([]);

      // Every audit entry stays (one more per erased account), none names the email any more.
      expect(await sqlCount(t, 'SELECT count(*) AS n FROM audit_log')).toBe(auditBefore + erasing);
      expect(
        await sqlCount(
          t,
          `SELECT count(*) AS n FROM audit_log
           WHERE actor_email = $1 OR before::text LIKE '%' || $1 || '%' OR after::text LIKE '%' || $1 || '%'`,
          [email],
        ),
      ).toBe(0);
      const actions = await t.database.pool.query<{ action: string }>(
        `SELECT action FROM audit_log WHERE target_type = 'user' AND target_id = $1 ORDER BY id`,
        [mine.userId],
      );
      expect(actions.rows.map((row) => row.action)).toEqual(['user.delete', 'user.erase']);
      // The log is still append-only outside an erasure.
      await expect(
        t.database.pool.query(`UPDATE audit_log SET actor_email = 'x' WHERE target_id = $1`, [
          mine.userId,
        ]),
      ).rejects.toThrow(/append-only/);

      // Done once: a second run finds nothing; the email may register again.
      expect(await eraseDeletedAccounts(deps, new Date(graceEnd + 120_000))).toBe(0);
      const again = await call(t.app, 'POST', '/api/user/register', { body: { email, password } });
      expect(again.status).toBe(200);
    });
  });

  describe('with a second factor on', () => {
    it('asks for a current code as well, and lists the security events in the download', async () => {
      const email = 'two.step.leaver@example.com';
      const { token, userId } = await registerVerified(t.app, email, password);
      const secret = await addAuthenticator(t, userId);
      const changed = await call(t.app, 'POST', '/api/account/password', {
        ...as(token),
        body: { currentPassword: password, newPassword: 'a new long passphrase' },
      });
      expect(changed.status).toBe(200);
      const newPassword = 'a new long passphrase';

      // The password alone: refused under the code's field, nothing read or changed.
      const passwordOnly = await exportData(token, { password: newPassword });
      expect(passwordOnly.status).toBe(400);
      expect(passwordOnly.json).toMatchObject({
        fields: { code: sayIn('en', accountMessages.twoStep.codeAlsoRequired) },
      });
      expect(passwordOnly.text).not.toContain(email);
      const wrongCode = await deleteAccount(token, { password: newPassword, code: '000000' });
      expect(wrongCode.status).toBe(400);
      expect(
        await sqlCount(t, 'SELECT count(*) AS n FROM users WHERE id = $1 AND deleted_at IS NULL', [
          userId,
        ]),
      ).toBe(1);

      const exported = await exportData(token, { password: newPassword, code: codeFor(secret) });
      expect(exported.status).toBe(200);
      const data = exported.json as AccountDataExport;
      expect(data.securityEvents.map((event) => event.kind)).toContain('password_changed');
      // The code was used: the same one does not open the deletion.
      const replayed = await deleteAccount(token, { password: newPassword, code: codeFor(secret) });
      expect(replayed.status).toBe(400);
      const deleted = await deleteAccount(token, {
        password: newPassword,
        code: codeFor(secret, 1),
      });
      expect(deleted.status).toBe(200);
      expect(await status(token)).toBe(false);
    });
  });
});
