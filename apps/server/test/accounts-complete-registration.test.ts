import { type AdListRow, catalogueAreas, messagesOf } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, registerVerified, relaxedLimiter, sqlCount } from './support/accounts.js';
import { activationToken, adRow, createAd, type CreatedAd } from './support/ads.js';
import { latestCode, readOutbox } from './support/outbox.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

const answersEn = messagesOf(catalogueAreas.answers, 'en');

const password = 'a long enough passphrase';

/**
 * /completeregistration?email=&edit=: POST /api/user/register with the ad's edit
 * token. A token that does not prove the ad is refused; one whose ad already
 * proved the mailbox signs the new account in without an emailed code.
 */
describe('POST /api/user/register with an ad edit token (complete registration)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
  });
  afterAll(async () => {
    await t.close();
  });

  const register = (body: Record<string, unknown>) =>
    call(t.app, 'POST', '/api/user/register', { body });
  const userRows = (email: string) =>
    sqlCount(t, 'select count(*) as n from users where email_normalized = $1', [
      email.toLowerCase(),
    ]);
  const allCodes = () => sqlCount(t, 'select count(*) as n from email_codes');

  /** The ad's activation link, followed: its email is now proven. */
  async function activate(email: string, ad: CreatedAd): Promise<void> {
    const token = await activationToken(t.app, email);
    const res = await call(t.app, 'POST', '/api/verify/email', {
      body: { email, token, id: ad.postId },
    });
    expect(res.status).toBe(200);
    expect((await adRow(t, ad.postId)).email_verified_at).not.toBeNull();
  }

  /** A refusal with the catalogue message that leaves no account, no code and no mail. */
  async function expectRefusedAndNothingCreated(email: string, token: string): Promise<void> {
    const usersBefore = await userRows(email);
    const mailsBefore = (await readOutbox(t.app, email)).length;
    const codesBefore = await allCodes();

    const res = await register({ email, password, token });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json).toEqual({ success: false, error: answersEn.auth.completeRegistrationFailed });

    expect(await userRows(email)).toBe(usersBefore);
    expect(await readOutbox(t.app, email)).toHaveLength(mailsBefore);
    expect(await allCodes()).toBe(codesBefore);
  }

  async function listOf(session: string): Promise<AdListRow[]> {
    const res = await call(t.app, 'GET', '/api/posts', { headers: { session } });
    expect(res.status).toBe(200);
    return res.json as AdListRow[];
  }

  describe('a token that does not prove the ad', () => {
    it('refuses a token no ad has, and creates nothing', async () => {
      const email = 'bad.token@example.com';
      await createAd(t.app, { email });
      await expectRefusedAndNothingCreated(email, 'not-the-edit-token-of-any-ad-0123456789');
      expect(await userRows(email)).toBe(0);
      // The same email still registers normally without the token.
      const plain = await register({ email, password });
      expect(plain.status).toBe(200);
      expect(plain.json).toEqual({ success: true });
      expect(await userRows(email)).toBe(1);
    });

    it('refuses an expired edit token, and creates nothing', async () => {
      const email = 'expired.token@example.com';
      const ad = await createAd(t.app, { email });
      await t.database.pool.query(
        "update ads set edit_token_expires_at = now() - interval '1 minute' where id = $1",
        [ad.postId],
      );
      await expectRefusedAndNothingCreated(email, ad.token);
      expect(await userRows(email)).toBe(0);
      expect((await adRow(t, ad.postId)).owner_id).toBeNull();
    });

    it('refuses the token of a deleted ad, even with its email proven, and creates nothing', async () => {
      const email = 'deleted.ad@example.com';
      const ad = await createAd(t.app, { email });
      await activate(email, ad);
      await t.database.pool.query(
        "update ads set status = 'deleted', deleted_at = now() where id = $1",
        [ad.postId],
      );
      await expectRefusedAndNothingCreated(email, ad.token);
      expect(await userRows(email)).toBe(0);
    });

    it("refuses another email's ad token, and neither account nor ad changes", async () => {
      const ad = await createAd(t.app, { email: 'first.poster@example.com' });
      await activate('first.poster@example.com', ad);
      await expectRefusedAndNothingCreated('someone.else@example.com', ad.token);
      expect(await userRows('someone.else@example.com')).toBe(0);
      expect((await adRow(t, ad.postId)).owner_id).toBeNull();
    });

    it('refuses a bad token for an email that already has an account (not account discovery)', async () => {
      const email = 'has.account@example.com';
      await registerVerified(t.app, email, password);
      await createAd(t.app, { email });
      const before = await t.database.pool.query(
        'select password_hash, email_verified_at from users where email_normalized = $1',
        [email],
      );
      await expectRefusedAndNothingCreated(email, 'a-wrong-edit-token-for-this-email-000000');
      const after = await t.database.pool.query(
        'select password_hash, email_verified_at from users where email_normalized = $1',
        [email],
      );
      expect(after.rows).toEqual(before.rows);
    });

    it("refuses a good token when the ad's owner account is banned", async () => {
      const email = 'banned.owner@example.com';
      const owner = await registerVerified(t.app, email, password);
      // Its own phone: a banned account's phone may not post again, and later tests post.
      const ad = await createAd(t.app, { email, overrides: { phone: '702-208-4524' } });
      await activate(email, ad);
      expect((await login(t.app, email, password)).status).toBe(200);
      expect((await adRow(t, ad.postId)).owner_id).toBe(owner.userId);
      await t.database.pool.query('update users set banned_at = now() where id = $1', [
        owner.userId,
      ]);
      await expectRefusedAndNothingCreated(email, ad.token);
      expect(await userRows(email)).toBe(1);
    });
  });

  describe('a good token', () => {
    it('signs the new account in at once when the activation link already proved the email', async () => {
      const email = 'Proven.Poster@Example.com';
      const ad = await createAd(t.app, { email });
      await activate(email, ad);
      const mailsBefore = (await readOutbox(t.app, email)).length;
      const codesBefore = await allCodes();

      const res = await register({ email: 'proven.poster@example.com', password, token: ad.token });
      expect(res.status).toBe(200);
      const body = res.json as {
        success: boolean;
        user: { token: string; email: string; user_id: string };
      };
      expect(body).toEqual({
        success: true,
        user: {
          token: expect.any(String),
          email: 'proven.poster@example.com',
          user_id: expect.any(String),
        },
      });

      // No code is issued or mailed.
      expect(await allCodes()).toBe(codesBefore);
      expect(await readOutbox(t.app, email)).toHaveLength(mailsBefore);

      // The account is verified and the session works.
      const { rows } = await t.database.pool.query<{ id: string; email_verified_at: Date | null }>(
        'select id, email_verified_at from users where email_normalized = $1',
        ['proven.poster@example.com'],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]?.id).toBe(body.user.user_id);
      expect(rows[0]?.email_verified_at).not.toBeNull();
      const status = await call(t.app, 'GET', '/api/user/status', {
        headers: { session: body.user.token },
      });
      expect(status.status).toBe(200);
      expect(status.json).toMatchObject({
        ok: true,
        email: 'proven.poster@example.com',
        userId: body.user.user_id,
      });

      // The ad is the new account's.
      expect((await adRow(t, ad.postId)).owner_id).toBe(body.user.user_id);
      expect((await listOf(body.user.token)).map((row) => row.postId)).toEqual([ad.postId]);

      // The password chosen here logs in without a code.
      expect((await login(t.app, email, password)).status).toBe(200);
    });

    it('mails a code when the ad email is not proven yet, and attaches the ad once verified', async () => {
      const email = 'unproven.poster@example.com';
      const ad = await createAd(t.app, { email });

      const res = await register({ email, password, token: ad.token });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ success: true });
      const { rows } = await t.database.pool.query<{ email_verified_at: Date | null }>(
        'select email_verified_at from users where email_normalized = $1',
        [email],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]?.email_verified_at).toBeNull();
      expect((await adRow(t, ad.postId)).owner_id).toBeNull();

      const code = await latestCode(t.app, email);
      const verified = await call(t.app, 'POST', '/api/user/verifyemail', {
        body: { email, code },
      });
      expect(verified.status).toBe(200);
      const session = (verified.json as { user: { token: string } }).user.token;
      expect((await listOf(session)).map((row) => row.postId)).toEqual([ad.postId]);
    });

    it('answers an email that already has an account like a new one (no account discovery)', async () => {
      const email = 'already.member@example.com';
      await registerVerified(t.app, email, password);
      const ad = await createAd(t.app, { email });
      await activate(email, ad);

      const res = await register({ email, password: 'a different passphrase', token: ad.token });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ success: true });
      expect(await userRows(email)).toBe(1);
      // The existing password still works; the new one does not.
      expect((await login(t.app, email, password)).status).toBe(200);
      expect((await login(t.app, email, 'a different passphrase')).status).toBe(401);
      // The newest mail may be the sign-in's new-device notice (issue 27): find this one.
      const notice = (await readOutbox(t.app, email)).find((m) =>
        m.subject.includes('You already have an account'),
      );
      expect(notice?.subject).toContain('You already have an account');
    });
  });

  it('registers without a token as before: a code is mailed, nobody is signed in', async () => {
    const email = 'no.token@example.com';
    const res = await register({ email, password });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true });
    expect(await latestCode(t.app, email)).toMatch(/^\d{6}$/);
  });
});
