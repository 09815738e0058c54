import { adLimits, adMessages, type AdActivation, sayIn } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, relaxedLimiter } from './support/accounts.js';
import { adMailLinks, adRow, createAd, expectErrorBody } from './support/ads.js';
import { readOutbox } from './support/outbox.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

const DAY = 86_400_000;

describe('GET /api/post/{id}/activation: what the mails hold and how long each part lasts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
  });
  afterAll(async () => {
    await t.close();
  });

  const read = (id: string, headers: Record<string, string>) =>
    call(t.app, 'GET', `/api/post/${id}/activation`, { headers });

  it('names the address the mail went to, its three links with their lifetimes, and the SMS code', async () => {
    const email = 'after-submit@example.com';
    const ad = await createAd(t.app, { email });
    const res = await read(ad.postId, { 'edit-token': ad.token });
    expect(res.status).toBe(200);
    const body = res.json as AdActivation;

    // The mail went to exactly this address, and holds these links.
    expect(body.email).toBe(email);
    expect(body.anonymous).toBe(true);
    const mail = await adMailLinks(t.app, email);
    expect(mail.edit).not.toBeNull();
    expect(mail.register).not.toBeNull();
    expect(body.links.map((link) => link.kind)).toEqual(['activation', 'edit', 'account']);

    // Each lifetime is the one the server stores and enforces.
    const row = await adRow(t, ad.postId);
    const created = (row.created_at as Date).getTime();
    const editEnds = (row.edit_token_expires_at as Date).toISOString();
    expect(body.links).toEqual([
      {
        kind: 'activation',
        validDays: adLimits.editLinkDays,
        expiresAt: new Date(created + adLimits.editLinkDays * DAY).toISOString(),
      },
      { kind: 'edit', validDays: adLimits.editLinkDays, expiresAt: editEnds },
      { kind: 'account', validDays: adLimits.editLinkDays, expiresAt: editEnds },
    ]);
    expect(body.sms).toEqual({
      phoneKnown: true,
      codeValidMinutes: adLimits.smsCodeTtlMinutes,
      resendWaitSeconds: adLimits.smsResendWaitSeconds,
      codesPerHour: adLimits.smsCodesPerHour,
    });
    expect(body).toMatchObject({ verified_email: false, verified_phone: false });
  });

  it('answers lifetimes the server enforces: the activation link stops at its expiresAt, the code after its minutes', async () => {
    const email = 'lifetimes@example.com';
    const ad = await createAd(t.app, { email, overrides: { phone: '702-208-4801' } });
    const body = (await read(ad.postId, { 'edit-token': ad.token })).json as AdActivation;
    const token = (await adMailLinks(t.app, email)).activation.searchParams.get('token');
    const activation = body.links.find((link) => link.kind === 'activation');

    await call(t.app, 'POST', '/api/verify/phone', { body: { id: ad.postId, token } });
    const { rows } = await t.database.pool.query<{ minutes: string }>(
      'SELECT extract(epoch FROM expires_at - created_at) / 60 AS minutes FROM phone_codes WHERE ad_id = $1',
      [ad.postId],
    );
    expect(Math.round(Number(rows[0]?.minutes))).toBe(body.sms.codeValidMinutes);
    expect(await readOutbox(t.app, '+17022084801')).toHaveLength(1);

    // Move the ad's creation back so that its link's expiresAt has just passed.
    const shift = Date.parse(activation?.expiresAt ?? '') - Date.now() + 1000;
    await t.database.pool.query(
      `UPDATE ads SET created_at = created_at - make_interval(secs => $2) WHERE id = $1`,
      [ad.postId, shift / 1000],
    );
    const late = await call(t.app, 'POST', '/api/verify/email', {
      body: { email, token, id: ad.postId },
    });
    expect(late.json).toEqual({
      success: false,
      error: sayIn('en', adMessages.verification.emailFailed),
    });
  });

  it('names only the activation link for an ad posted signed in', async () => {
    const owner = await registerVerified(
      t.app,
      'signed-in-poster@example.com',
      'a long passphrase',
    );
    const ad = await createAd(t.app, { session: owner.token });
    const body = (await read(ad.postId, { session: owner.token })).json as AdActivation;
    expect(body).toMatchObject({ email: 'signed-in-poster@example.com', anonymous: false });
    expect(body.links.map((link) => link.kind)).toEqual(['activation']);
    expect(body.verified_email).toBe(true);
  });

  it('answers only the owner: 403 without credentials or with another ad’s token, 404 elsewhere', async () => {
    const ad = await createAd(t.app, { email: 'private-activation@example.com' });
    const other = await createAd(t.app, { email: 'other-activation@example.com' });
    expectErrorBody(await read(ad.postId, {}), 403);
    expectErrorBody(await read(ad.postId, { 'edit-token': other.token }), 403);
    expectErrorBody(await read('999999999', { 'edit-token': ad.token }), 404);
    expectErrorBody(
      await read(ad.postId, { 'edit-token': ad.token, host: 'post.nightlist.example' }),
      404,
    );
  });
});
