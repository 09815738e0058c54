import {
  adReviewEndpoint,
  approveAdEndpoint,
  auditLogEndpoint,
  adminDashboardEndpoint,
  banUserEndpoint,
  changeAccountPasswordEndpoint,
  changeRoleEndpoint,
  confirmEmailChangeEndpoint,
  checkPaymentStatusEndpoint,
  adActivationEndpoint,
  checkPhoneCodeEndpoint,
  chooseVerificationPhoto,
  createPreviewLinkEndpoint,
  deleteAdEndpoint,
  deletePhoto,
  dismissReportEndpoint,
  fillPath,
  getAd,
  listMyAds,
  listAccountSessionsEndpoint,
  endAccountSessionEndpoint,
  exportAccountDataEndpoint,
  deleteAccountEndpoint,
  endOtherAccountSessionsEndpoint,
  keepAccountLanguageEndpoint,
  listRefundsEndpoint,
  listReportsEndpoint,
  makePhotoPrimary,
  markRefundSentEndpoint,
  openPaymentOrderEndpoint,
  paymentAddressEndpoint,
  paymentReceiptsEndpoint,
  paymentStatusEndpoint,
  rejectAdEndpoint,
  renewAdEndpoint,
  adStatsEndpoint,
  pauseAdEndpoint,
  resumeAdEndpoint,
  startAvailableEndpoint,
  endAvailableEndpoint,
  putVisitsEndpoint,
  getVisitsEndpoint,
  requestEmailChangeEndpoint,
  reviewQueueEndpoint,
  searchUsersEndpoint,
  sendPhoneCodeEndpoint,
  submitAdEndpoint,
  unbanUserEndpoint,
  updateAdEndpoint,
  uploadPhotosEndpoint,
  listSecondFactorsEndpoint,
  startTotpEndpoint,
  addPasskeyEndpoint,
  confirmTotpEndpoint,
  startPasskeyReauthEndpoint,
  startPasskeyRegistrationEndpoint,
  renameSecondFactorEndpoint,
  removeSecondFactorEndpoint,
  regenerateRecoveryCodesEndpoint,
  resetSecondFactorsEndpoint,
  type Access,
  type EndpointSpec,
} from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, registerVerified, relaxedLimiter, type SignedIn } from '../support/accounts.js';
import { adForm, adRow, createAd, type CreatedAd } from '../support/ads.js';
import { insertReport, paidAdWithMoney, pendingAd } from '../support/moderation-fixtures.js';
import { signedInWithRole } from '../support/moderation.js';
import { issueAddress } from '../support/payments.js';
import { addPhotos, jpegFile, multipartBody } from '../support/photos.js';
import { storedState } from '../support/stored-state.js';
import { addAuthenticator, codeFor } from '../support/second-factors.js';
import { SoftAuthenticator } from '../support/soft-authenticator.js';
import { call, createTestApp, type TestApp } from '../support/test-app.js';
import { declarations } from '../support/declarations.js';

/**
 * Issue 15, attacks as tests: IDOR and privilege escalation across users, edit
 * tokens and roles, for every endpoint the contract declares as not open to
 * anyone. Each endpoint gets a valid request aimed at someone else's ad, user,
 * report or refund; every intruder its access allows for is refused with 401, 403
 * or 404 and changes no stored row; then the rightful caller sends the same
 * request and passes the authorization (so the refusal was not a validation
 * error in disguise). A newly declared endpoint without a row here fails the
 * coverage test.
 */

const ownerPassword = 'the owner passphrase 1';

type Who =
  | 'nobody'
  | 'advertiser'
  | 'otherAdsToken'
  | 'moderator'
  | 'admin'
  | 'owner'
  /** An account of its own that deletes itself (issue 27): no other row depends on it. */
  | 'leaver';

interface Request {
  method: EndpointSpec['method'];
  url: string;
  body?: unknown;
  contentType?: string;
}

interface Sample {
  endpoint: EndpointSpec;
  /** Builds the target (someone's ad, report, refund...) and the request aimed at it. */
  prepare(): Promise<Request>;
  /** Callers the ad policy lets read (moderators may read and preview any ad). */
  alsoAllowed?: Who[];
  /** Who the rightful caller is, when not the ad's owner. */
  rightful?: Who;
}

/** Who must be refused for each kind of access, and who rightfully calls. */
const intrudersOf: Record<Exclude<Access, 'anyone'>, Who[]> = {
  user: ['nobody'],
  ad: ['nobody', 'advertiser', 'otherAdsToken', 'moderator', 'admin'],
  moderator: ['nobody', 'advertiser', 'otherAdsToken'],
  admin: ['nobody', 'advertiser', 'otherAdsToken', 'moderator'],
};
const rightfulOf: Record<Exclude<Access, 'anyone'>, Who> = {
  user: 'owner',
  ad: 'owner',
  moderator: 'moderator',
  admin: 'admin',
};

describe('no caller reaches what is not theirs (IDOR and roles, from the contract)', () => {
  let t: TestApp;
  let owner: SignedIn;
  let advertiser: SignedIn;
  let advertisersAd: CreatedAd;
  let moderator: SignedIn;
  let admin: SignedIn;
  let victim: SignedIn;
  let leaver: SignedIn;
  let payers = 0;

  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    owner = await registerVerified(t.app, 'idor-owner@example.com', ownerPassword);
    advertiser = await registerVerified(t.app, 'idor-other@example.com', 'another passphrase 22');
    advertisersAd = await createAd(t.app, { session: advertiser.token });
    moderator = await signedInWithRole(t, 'idor-mod@example.com', 'moderator');
    admin = await signedInWithRole(t, 'idor-admin@example.com', 'admin');
    victim = await registerVerified(t.app, 'idor-victim@example.com', 'the victim passphrase 3');
    leaver = await registerVerified(t.app, 'idor-leaver@example.com', 'the leaver passphrase 4');
  });
  afterAll(async () => {
    await t.close();
  });

  function headersOf(who: Who): Record<string, string> {
    switch (who) {
      case 'nobody':
        return {};
      case 'advertiser':
        return { session: advertiser.token };
      case 'otherAdsToken':
        return { 'edit-token': advertisersAd.token };
      case 'moderator':
        return { session: moderator.token };
      case 'admin':
        return { session: admin.token };
      case 'owner':
        return { session: owner.token };
      case 'leaver':
        return { session: leaver.token };
    }
  }

  async function send(request: Request, who: Who) {
    return call(t.app, request.method as 'GET' | 'POST' | 'PATCH' | 'DELETE', request.url, {
      headers: {
        ...headersOf(who),
        ...(request.contentType ? { 'content-type': request.contentType } : {}),
      },
      body: request.body,
    });
  }

  const ownersAd = async (type: 'free_verified' | 'paid' = 'free_verified') =>
    (await createAd(t.app, { session: owner.token, type })).postId;
  const ownersPhoto = async () => {
    const adId = await ownersAd();
    const photos = (await addPhotos(t.app, adId, [await jpegFile()], {
      session: owner.token,
    })) as { photo_id: string }[];
    return { postId: adId, photoId: photos[0]?.photo_id ?? '' };
  };
  const path = (endpoint: EndpointSpec, params: Record<string, string>) =>
    fillPath(endpoint.path, params);
  /** A second session of the owner's (signed in again): its id, as the account page lists it. */
  const ownersOtherSession = async () => {
    const signedIn = await login(t.app, 'idor-owner@example.com', ownerPassword);
    const token = (signedIn.json as { data: { token: string } }).data.token;
    const listed = await call(t.app, 'GET', '/api/account/sessions', {
      headers: { session: token },
    });
    const sessions = (listed.json as { sessions: { id: string; current: boolean }[] }).sessions;
    return sessions.find((session) => session.current)?.id ?? '';
  };

  const samples: Sample[] = [
    { endpoint: listMyAds, prepare: async () => ({ method: 'GET', url: '/api/posts' }) },
    {
      endpoint: listAccountSessionsEndpoint,
      prepare: async () => ({ method: 'GET', url: '/api/account/sessions' }),
    },
    {
      endpoint: endAccountSessionEndpoint,
      prepare: async () => ({
        method: 'POST',
        url: path(endAccountSessionEndpoint, { id: await ownersOtherSession() }),
      }),
    },
    {
      endpoint: endOtherAccountSessionsEndpoint,
      prepare: async () => ({ method: 'POST', url: '/api/account/sessions/end-others' }),
    },
    {
      endpoint: keepAccountLanguageEndpoint,
      prepare: async () => ({
        method: 'PUT',
        url: keepAccountLanguageEndpoint.path,
        body: { language: 'es' },
      }),
    },
    {
      // The owner "changes" to the same password, so the later samples still sign in.
      endpoint: changeAccountPasswordEndpoint,
      prepare: async () => ({
        method: 'POST',
        url: changeAccountPasswordEndpoint.path,
        body: { currentPassword: 'the owner passphrase 1', newPassword: 'the owner passphrase 1' },
      }),
    },
    {
      endpoint: requestEmailChangeEndpoint,
      prepare: async () => ({
        method: 'POST',
        url: requestEmailChangeEndpoint.path,
        body: { password: 'the owner passphrase 1', email: 'idor-owner-moves@example.com' },
      }),
    },
    {
      endpoint: confirmEmailChangeEndpoint,
      prepare: async () => ({
        method: 'POST',
        url: confirmEmailChangeEndpoint.path,
        body: { code: '000000' },
      }),
    },
    {
      endpoint: exportAccountDataEndpoint,
      prepare: async () => ({
        method: 'POST',
        url: '/api/account/data-export',
        body: { password: 'the owner passphrase 1' },
      }),
    },
    {
      endpoint: deleteAccountEndpoint,
      rightful: 'leaver',
      prepare: async () => ({
        method: 'POST',
        url: '/api/account/delete',
        body: { password: 'the leaver passphrase 4' },
      }),
    },
    {
      endpoint: getAd,
      alsoAllowed: ['moderator', 'admin'],
      prepare: async () => ({ method: 'GET', url: path(getAd, { id: await ownersAd() }) }),
    },
    {
      endpoint: updateAdEndpoint,
      prepare: async () => ({
        method: 'PATCH',
        url: '/api/post',
        body: { ...adForm, post_id: await ownersAd(), title: 'Taken over by a stranger' },
      }),
    },
    {
      endpoint: submitAdEndpoint,
      prepare: async () => ({
        method: 'POST',
        url: path(submitAdEndpoint, { id: await ownersAd() }),
      }),
    },
    {
      endpoint: deleteAdEndpoint,
      prepare: async () => ({
        method: 'POST',
        url: '/api/post/delete',
        body: { postId: await ownersAd() },
      }),
    },
    {
      endpoint: sendPhoneCodeEndpoint,
      prepare: async () => ({
        method: 'POST',
        url: '/api/verify/phone',
        body: { id: await ownersAd() },
      }),
    },
    {
      endpoint: adActivationEndpoint,
      prepare: async () => ({
        method: 'GET',
        url: path(adActivationEndpoint, { id: await ownersAd() }),
      }),
    },
    {
      endpoint: checkPhoneCodeEndpoint,
      prepare: async () => ({
        method: 'POST',
        url: '/api/verify/phone-validate',
        body: { id: await ownersAd(), code: '123456' },
      }),
    },
    {
      endpoint: uploadPhotosEndpoint,
      prepare: async () => {
        const { body, contentType } = multipartBody([await jpegFile()]);
        return {
          method: 'POST',
          url: path(uploadPhotosEndpoint, { id: await ownersAd() }),
          body,
          contentType,
        };
      },
    },
    ...[makePhotoPrimary, deletePhoto, chooseVerificationPhoto].map((endpoint): Sample => ({
      endpoint,
      prepare: async () => ({ method: 'POST', url: endpoint.path, body: await ownersPhoto() }),
    })),
    {
      endpoint: createPreviewLinkEndpoint,
      alsoAllowed: ['moderator', 'admin'],
      prepare: async () => ({
        method: 'POST',
        url: path(createPreviewLinkEndpoint, { id: await ownersAd() }),
      }),
    },
    {
      endpoint: renewAdEndpoint,
      prepare: async () => ({
        method: 'POST',
        url: path(renewAdEndpoint, { id: await ownersAd() }),
      }),
    },
    // The owner's tools of issue 29: the ad's owner (or its edit token) only.
    ...[pauseAdEndpoint, resumeAdEndpoint, endAvailableEndpoint].map((endpoint): Sample => ({
      endpoint,
      prepare: async () => ({
        method: endpoint.method,
        url: path(endpoint, { id: await ownersAd() }),
      }),
    })),
    {
      endpoint: startAvailableEndpoint,
      prepare: async () => ({
        method: 'POST',
        url: path(startAvailableEndpoint, { id: await ownersAd() }),
        body: { duration_hours: 2 },
      }),
    },
    {
      endpoint: putVisitsEndpoint,
      prepare: async () => ({
        method: 'PUT',
        url: path(putVisitsEndpoint, { id: await ownersAd() }),
        body: { visits: [] },
      }),
    },
    {
      endpoint: getVisitsEndpoint,
      prepare: async () => ({
        method: 'GET',
        url: path(getVisitsEndpoint, { id: await ownersAd() }),
      }),
    },
    {
      endpoint: adStatsEndpoint,
      prepare: async () => ({
        method: 'GET',
        url: `${path(adStatsEndpoint, { id: await ownersAd() })}?days=7`,
      }),
    },
    {
      endpoint: paymentAddressEndpoint,
      prepare: async () => ({
        method: 'GET',
        url: path(paymentAddressEndpoint, {
          postId: await ownersAd('paid'),
          product: 'paid',
          optionId: 'DAYS_30',
        }),
      }),
    },
    {
      endpoint: openPaymentOrderEndpoint,
      prepare: async () => {
        const adId = await ownersAd('paid');
        await issueAddress(t, { session: owner.token }, adId);
        return { method: 'GET', url: path(openPaymentOrderEndpoint, { postId: adId }) };
      },
    },
    {
      endpoint: paymentReceiptsEndpoint,
      prepare: async () => ({
        method: 'GET',
        url: path(paymentReceiptsEndpoint, { postId: await ownersAd('paid') }),
      }),
    },
    ...[paymentStatusEndpoint, checkPaymentStatusEndpoint].map((endpoint): Sample => ({
      endpoint,
      prepare: async () => {
        const adId = await ownersAd('paid');
        const { address } = await issueAddress(t, { session: owner.token }, adId);
        return {
          method: endpoint.method,
          url: path(endpoint, { postId: adId, address }),
          ...(endpoint.method === 'POST' ? { body: { status: 'waiting' } } : {}),
        };
      },
    })),
    ...[adminDashboardEndpoint, reviewQueueEndpoint, listReportsEndpoint, listRefundsEndpoint].map(
      (endpoint): Sample => ({
        endpoint,
        prepare: async () => ({ method: 'GET', url: endpoint.path }),
      }),
    ),
    {
      endpoint: searchUsersEndpoint,
      prepare: async () => ({ method: 'GET', url: '/api/admin/users?q=idor-owner' }),
    },
    {
      endpoint: auditLogEndpoint,
      prepare: async () => ({ method: 'GET', url: '/api/admin/audit' }),
    },
    {
      endpoint: adReviewEndpoint,
      prepare: async () => ({
        method: 'GET',
        url: path(adReviewEndpoint, { id: await pendingAd(t, owner.token) }),
      }),
    },
    {
      endpoint: approveAdEndpoint,
      prepare: async () => ({
        method: 'POST',
        url: path(approveAdEndpoint, { id: await pendingAd(t, owner.token) }),
        body: {},
      }),
    },
    {
      endpoint: rejectAdEndpoint,
      prepare: async () => ({
        method: 'POST',
        url: path(rejectAdEndpoint, { id: await pendingAd(t, owner.token) }),
        body: { reason: 'A stranger tries to reject it' },
      }),
    },
    {
      endpoint: dismissReportEndpoint,
      prepare: async () => ({
        method: 'POST',
        url: path(dismissReportEndpoint, {
          id: await insertReport(t, await ownersAd(), 'scam'),
        }),
        body: {},
      }),
    },
    {
      endpoint: markRefundSentEndpoint,
      prepare: async () => {
        // A payer of its own: an account with a paid ad waits at the second-factor door.
        payers += 1;
        const payer = await registerVerified(
          t.app,
          `idor-payer${payers}@example.com`,
          'the payer 5',
        );
        const { postId } = await paidAdWithMoney(t, payer.token);
        const rejected = await call(t.app, 'POST', path(rejectAdEndpoint, { id: postId }), {
          headers: { session: moderator.token },
          body: { reason: 'Not allowed here' },
        });
        expect(rejected.status).toBe(200);
        const { rows } = await t.database.pool.query<{ id: string }>(
          'SELECT id FROM refunds WHERE ad_id = $1',
          [postId],
        );
        return {
          method: 'POST',
          url: path(markRefundSentEndpoint, { id: rows[0]?.id ?? '' }),
          body: { txid: 'ab'.repeat(32) },
        };
      },
    },
    ...[banUserEndpoint, unbanUserEndpoint].map((endpoint): Sample => ({
      endpoint,
      prepare: async () => ({
        method: 'POST',
        url: path(endpoint, { id: victim.userId }),
        body: { reason: 'A stranger tries to ban an advertiser' },
      }),
    })),
    {
      endpoint: changeRoleEndpoint,
      // The advertiser (and the moderator) try to make themselves admins.
      prepare: async () => ({
        method: 'POST',
        url: path(changeRoleEndpoint, { id: advertiser.userId }),
        body: { role: 'admin' },
      }),
    },
    // Last: they give the owner an authenticator app, after which its password alone
    // no longer signs in (ownersOtherSession above runs before).
    {
      endpoint: listSecondFactorsEndpoint,
      prepare: async () => ({ method: 'GET', url: '/api/account/second-factors' }),
    },
    {
      endpoint: startTotpEndpoint,
      prepare: async () => ({ method: 'POST', url: '/api/account/second-factors/totp' }),
    },
    {
      endpoint: confirmTotpEndpoint,
      prepare: async () => {
        const started = await call(t.app, 'POST', '/api/account/second-factors/totp', {
          headers: { session: owner.token },
        });
        const { setupId, secret } = started.json as { setupId: string; secret: string };
        return {
          method: 'POST',
          url: confirmTotpEndpoint.path,
          body: { setupId, name: 'Phone', newCode: codeFor(secret), password: ownerPassword },
        };
      },
    },
    ...[renameSecondFactorEndpoint, removeSecondFactorEndpoint].map((endpoint): Sample => ({
      endpoint,
      prepare: async () => {
        await addAuthenticator(t, owner.userId);
        const { rows } = await t.database.pool.query<{ id: string }>(
          'SELECT id FROM second_factors WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1',
          [owner.userId],
        );
        return {
          method: 'POST',
          url: path(endpoint, { id: rows[0]?.id ?? '' }),
          body: { name: 'Renamed by a stranger', password: ownerPassword },
        };
      },
    })),
    {
      endpoint: resetSecondFactorsEndpoint,
      prepare: async () => {
        await addAuthenticator(t, victim.userId);
        return {
          method: 'POST',
          url: path(resetSecondFactorsEndpoint, { id: victim.userId }),
          body: { reason: 'A stranger tries to remove the two-step sign-in' },
        };
      },
    },
    {
      endpoint: startPasskeyRegistrationEndpoint,
      prepare: async () => ({ method: 'POST', url: startPasskeyRegistrationEndpoint.path }),
    },
    {
      // Answers 410 to the owner until a passkey is on (the sample after adds one).
      endpoint: startPasskeyReauthEndpoint,
      prepare: async () => ({ method: 'POST', url: startPasskeyReauthEndpoint.path }),
    },
    {
      endpoint: addPasskeyEndpoint,
      prepare: async () => {
        const started = await call(t.app, 'POST', startPasskeyRegistrationEndpoint.path, {
          headers: { session: owner.token },
        });
        const { ceremonyId, options } = started.json as {
          ceremonyId: string;
          options: { challenge: string; rp: { id: string }; user: { id: string } };
        };
        const credential = new SoftAuthenticator({ origin: 'http://localhost:3000' }).create(
          options,
        );
        return {
          method: 'POST',
          url: addPasskeyEndpoint.path,
          body: { ceremonyId, name: 'Laptop', credential, password: ownerPassword },
        };
      },
    },
    {
      endpoint: regenerateRecoveryCodesEndpoint,
      prepare: async () => ({
        method: 'POST',
        url: regenerateRecoveryCodesEndpoint.path,
        body: { password: ownerPassword },
      }),
    },
  ];

  it('has a request for every endpoint that is not open to anyone', () => {
    const covered = new Set(samples.map((s) => s.endpoint));
    const missing = declarations()
      .filter((spec) => spec.access !== 'anyone' && !covered.has(spec))
      .map((spec) => `${spec.method} ${spec.path}`);
    expect(missing).toEqual([]);
  });

  for (const sample of samples) {
    const { endpoint } = sample;
    if (endpoint.access === 'anyone') continue;
    const intruders = intrudersOf[endpoint.access].filter((w) => !sample.alsoAllowed?.includes(w));
    const rightful = sample.rightful ?? rightfulOf[endpoint.access];

    it(`${endpoint.method} ${endpoint.path} refuses ${intruders.join(', ')}; lets ${rightful} through`, async () => {
      for (const who of intruders) {
        const request = await sample.prepare();
        const before = await storedState(t);
        const res = await send(request, who);
        expect([401, 403, 404], `${who}: ${res.status} ${res.text}`).toContain(res.status);
        expect(await storedState(t), `${who} changed stored data`).toBe(before);
      }
      const res = await send(await sample.prepare(), rightful);
      expect(res.status, `${rightful}: ${res.text}`).toBeLessThan(500);
      expect([401, 403], `${rightful}: ${res.text}`).not.toContain(res.status);
      if (endpoint.access === 'ad') expect(res.status, res.text).not.toBe(404);
    });
  }

  it("My Posts lists only the caller's own ads", async () => {
    const adId = await ownersAd();
    const res = await send({ method: 'GET', url: '/api/posts' }, 'advertiser');
    expect(res.status).toBe(200);
    expect(res.text).toContain(advertisersAd.postId);
    expect(res.text).not.toContain(`"${adId}"`);
  });

  it('mass assignment: extra fields cannot make a new account an admin, verified or of another site', async () => {
    const res = await call(t.app, 'POST', '/api/user/register', {
      body: {
        email: 'idor-mass@example.com',
        password: 'a long enough passphrase',
        role: 'admin',
        verified: true,
        email_verified: true,
        site_id: 'other-site',
        banned_at: null,
      },
    });
    expect(res.status).toBeLessThan(500);
    const { rows } = await t.database.pool.query<{
      role: string;
      email_verified_at: Date | null;
    }>('SELECT role, email_verified_at FROM users WHERE email_normalized = $1', [
      'idor-mass@example.com',
    ]);
    for (const row of rows) {
      expect(row.role).toBe('advertiser');
      expect(row.email_verified_at).toBeNull();
    }
  });

  it("mass assignment: an owner's update cannot set status, payment, owner or expiry", async () => {
    const adId = await ownersAd();
    const before = await adRow(t, adId);
    const res = await send(
      {
        method: 'PATCH',
        url: '/api/post',
        body: {
          ...adForm,
          post_id: adId,
          status: 'active',
          approved: true,
          paid: true,
          user_id: advertiser.userId,
          owner_id: advertiser.userId,
          expires_at: '2099-01-01T00:00:00Z',
          premium_until: '2099-01-01T00:00:00Z',
        },
      },
      'owner',
    );
    expect(res.status).toBe(200);
    const after = await adRow(t, adId);
    for (const column of [
      'status',
      'approved',
      'paid',
      'owner_id',
      'expires_at',
      'premium_until',
    ]) {
      expect(after[column], column).toEqual(before[column]);
    }
  });
});
