import { adMessages, type AdListRow, catalogueAreas, messagesOf, sayIn } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, registerVerified, relaxedLimiter } from './support/accounts.js';
import { adMailLinks, adRow, createAd, expectErrorBody, postAd } from './support/ads.js';
import { latestCode } from './support/outbox.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

const answersEn = messagesOf(catalogueAreas.answers, 'en');

const password = 'a long enough passphrase';

describe('posting without an account, then owning the ad with completed registration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
  });
  afterAll(async () => {
    await t.close();
  });

  async function listOf(session: string): Promise<AdListRow[]> {
    const res = await call(t.app, 'GET', '/api/posts', { headers: { session } });
    expect(res.status).toBe(200);
    return res.json as AdListRow[];
  }

  /** /completeregistration: register with the edit token, then the mailed code. */
  async function completeRegistration(email: string, token: string): Promise<string> {
    const reg = await call(t.app, 'POST', '/api/user/register', {
      body: { email, password, token },
    });
    expect(reg.status).toBe(200);
    expect(reg.json).toEqual({ success: true });
    const code = await latestCode(t.app, email);
    const verified = await call(t.app, 'POST', '/api/user/verifyemail', {
      body: { email, code },
    });
    expect(verified.status).toBe(200);
    return (verified.json as { user: { token: string } }).user.token;
  }

  it('creates the ad, mails the edit, activation and registration links, and owns it after registering', async () => {
    const email = 'Anon.Poster@Example.com';
    const res = await postAd(t.app, { email });
    expect(res.status).toBe(200);
    const {
      success,
      post_id: adId,
      token,
    } = res.json as {
      success: boolean;
      post_id: string;
      token: string;
    };
    expect(success).toBe(true);
    expect(adId).toMatch(/^\d+$/);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const row = await adRow(t, adId);
    expect(row).toMatchObject({
      owner_id: null,
      email,
      email_normalized: 'anon.poster@example.com',
      email_verified_at: null,
      status: 'incomplete',
    });

    const links = await adMailLinks(t.app, email);
    expect(links.text).toContain(`/edit-post?id=${adId}&edit=${token}`);
    expect(links.edit?.searchParams.get('id')).toBe(adId);
    expect(links.edit?.searchParams.get('edit')).toBe(token);
    expect(links.activation.pathname).toBe('/activate');
    expect(links.activation.searchParams.get('email')).toBe(email);
    expect(links.activation.searchParams.get('id')).toBe(adId);
    expect(links.activation.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(links.activation.searchParams.get('token')).not.toBe(token);
    expect(links.text).toContain(
      `/completeregistration?email=${encodeURIComponent(email)}&edit=${token}`,
    );
    expect(links.register?.searchParams.get('email')).toBe(email);
    expect(links.register?.searchParams.get('edit')).toBe(token);
    expect(links.activation.origin).toBe('http://localhost:3000');

    const read = await call(t.app, 'GET', `/api/post/${adId}`, {
      headers: { 'edit-token': token },
    });
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({
      post_id: adId,
      email,
      status: 'incomplete',
      verification: { verified_email: false, verified_phone: false },
    });
    // Without the token the ad is closed.
    expectErrorBody(await call(t.app, 'GET', `/api/post/${adId}`), 403);

    const registerToken = links.register?.searchParams.get('edit') ?? '';
    const session = await completeRegistration(email, registerToken);
    const rows = await listOf(session);
    expect(rows.map((r) => r.postId)).toEqual([adId]);
    const status = await call(t.app, 'GET', '/api/user/status', { headers: { session } });
    const userId = (status.json as { userId: string }).userId;
    expect((await adRow(t, adId)).owner_id).toBe(userId);
    // The emailed code proved the mailbox, so the ad's email counts as verified.
    expect((await adRow(t, adId)).email_verified_at).not.toBeNull();

    // The owner now manages it with the session alone; the link keeps working too.
    expect((await call(t.app, 'GET', `/api/post/${adId}`, { headers: { session } })).status).toBe(
      200,
    );
    expect(
      (await call(t.app, 'GET', `/api/post/${adId}`, { headers: { 'edit-token': token } })).status,
    ).toBe(200);
  });

  it('never gives the ad to an account with a different email, even with its token', async () => {
    const ad = await createAd(t.app, { email: 'first-poster@example.com' });
    // Registering another email with the ad's token is refused outright.
    const refused = await call(t.app, 'POST', '/api/user/register', {
      body: { email: 'someone-else@example.com', password, token: ad.token },
    });
    expectErrorBody(refused, 400);
    expect((refused.json as { error: string }).error).toBe(
      answersEn.auth.completeRegistrationFailed,
    );
    const { token: session } = await registerVerified(t.app, 'someone-else@example.com', password);
    expect(await listOf(session)).toEqual([]);
    expect((await adRow(t, ad.postId)).owner_id).toBeNull();
    // Nor does that account get to read it.
    const read = await call(t.app, 'GET', `/api/post/${ad.postId}`, { headers: { session } });
    expectErrorBody(read, 403);
    expect((read.json as { error: string }).error).toBe(sayIn('en', adMessages.access.forbidden));
  });

  it('at login without a code, attaches only the ads whose email was verified through the ad’s mail', async () => {
    const email = 'returning@example.com';
    await registerVerified(t.app, email, password);
    const verified = await createAd(t.app, { email, overrides: { title: 'Verified by link' } });
    const activation = (await adMailLinks(t.app, email)).activation;
    const unverified = await createAd(t.app, { email, overrides: { title: 'Never verified' } });

    const ok = await call(t.app, 'POST', '/api/verify/email', {
      body: {
        email,
        token: activation.searchParams.get('token'),
        id: activation.searchParams.get('id'),
      },
    });
    expect(ok.status).toBe(200);
    expect(activation.searchParams.get('id')).toBe(verified.postId);

    const res = await login(t.app, email, password);
    expect(res.status).toBe(200);
    const session = (res.json as { data: { token: string } }).data.token;
    const rows = await listOf(session);
    expect(rows.map((r) => r.postId)).toEqual([verified.postId]);
    expect((await adRow(t, unverified.postId)).owner_id).toBeNull();
  });

  it('does not attach an ad with a verified email to another account at login', async () => {
    await registerVerified(t.app, 'bystander@example.com', password);
    const ad = await createAd(t.app, { email: 'stranger@example.com' });
    const activation = (await adMailLinks(t.app, 'stranger@example.com')).activation;
    await call(t.app, 'POST', '/api/verify/email', {
      body: {
        email: 'stranger@example.com',
        token: activation.searchParams.get('token'),
        id: ad.postId,
      },
    });
    const res = await login(t.app, 'bystander@example.com', password);
    const session = (res.json as { data: { token: string } }).data.token;
    expect(await listOf(session)).toEqual([]);
    expect((await adRow(t, ad.postId)).owner_id).toBeNull();
  });

  it('mails no edit or registration link to a signed-in poster', async () => {
    const { token: session } = await registerVerified(t.app, 'member@example.com', password);
    await createAd(t.app, { session });
    const links = await adMailLinks(t.app, 'member@example.com');
    expect(links.edit).toBeNull();
    expect(links.register).toBeNull();
  });
});
