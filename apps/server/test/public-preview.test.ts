import { randomBytes } from 'node:crypto';
import { adMessages, lifecycle, previewLinkSchema, publicPageText, sayIn } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  limiterWith,
  registerVerified,
  relaxedLimiter,
  type SignedIn,
} from './support/accounts.js';
import { createAd, credentials, expectErrorBody } from './support/ads.js';
import { makeAdPublic, signedInWithRole } from './support/moderation.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

type Who = { session?: string; editToken?: string };

describe('the preview link opens any state of an ad to its owner and to moderators', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let moderator: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    alice = await registerVerified(t.app, 'alice@example.com', 'a long enough passphrase');
    bob = await registerVerified(t.app, 'bob@example.com', 'another long passphrase');
    moderator = await signedInWithRole(t, 'mod@example.com', 'moderator');
  });
  afterAll(async () => {
    await t.close();
  });

  const askLink = (id: string, who: Who) =>
    call(t.app, 'POST', `/api/post/${id}/preview`, { headers: credentials(who) });

  async function linkFor(id: string, who: Who): Promise<URL> {
    const res = await askLink(id, who);
    expect(res.status).toBe(200);
    return new URL(previewLinkSchema.parse(res.json).url);
  }

  /** Opens a URL on the host it names, as the browser would. */
  const open = (url: URL) =>
    call(t.app, 'GET', `${url.pathname}${url.search}`, { headers: { host: url.host } });

  function expectPreview(
    res: Awaited<ReturnType<typeof open>>,
    title: string,
    banner: string = publicPageText('en').previewBanner,
  ) {
    expect(res.status).toBe(200);
    expect(res.text).toContain(banner);
    expect(res.text).toContain(`<h1>${title}</h1>`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.headers.etag).toBeUndefined();
    expect(res.text).toContain('<meta name="robots" content="noindex">');
  }

  it('answers the ad’s page on its city subdomain with preview=true and a token', async () => {
    const ad = await createAd(t.app, { session: alice.token });
    const url = await linkFor(ad.postId, { session: alice.token });
    expect(url.origin).toBe('http://las-vegas.localhost:3000');
    expect(url.pathname).toBe(`/ads/details/${ad.postId}`);
    expect(url.searchParams.get('preview')).toBe('true');
    const token = url.searchParams.get('token') ?? '';
    expect(token.length).toBeGreaterThanOrEqual(40);
    // Only a hash is stored, valid for the configured minutes.
    const stored = await t.database.pool.query<{ token_hash: string; minutes: number }>(
      `SELECT token_hash, extract(epoch FROM expires_at - now()) / 60 AS minutes
         FROM preview_tokens WHERE ad_id = $1`,
      [ad.postId],
    );
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]?.token_hash).not.toContain(token);
    expect(Number(stored.rows[0]?.minutes)).toBeGreaterThan(lifecycle.previewTokenMinutes - 1);
    expect(Number(stored.rows[0]?.minutes)).toBeLessThanOrEqual(lifecycle.previewTokenMinutes);
    // The link's token never reaches the log.
    await open(url);
    expect(t.logText()).not.toContain(token);
  });

  it('shows the owner an ad that is not public (incomplete) with the preview banner', async () => {
    const ad = await createAd(t.app, {
      session: alice.token,
      overrides: { title: 'Waiting for review' },
    });
    const url = await linkFor(ad.postId, { session: alice.token });
    expectPreview(await open(url), 'Waiting for review');
    // The same page without the token is what the public sees: nothing.
    const plain = await call(t.app, 'GET', `/ads/details/${ad.postId}?preview=true`, {
      headers: { host: url.host },
    });
    expect(plain.status).toBe(404);
    expect(plain.text).not.toContain('Waiting for review');
  });

  it.each(['pending', 'rejected', 'payment_pending', 'expired'])(
    'shows a %s ad in preview',
    async (status) => {
      const ad = await createAd(t.app, {
        session: alice.token,
        overrides: { title: `Preview of ${status}` },
      });
      await t.database.pool.query('UPDATE ads SET status = $2 WHERE id = $1', [ad.postId, status]);
      expectPreview(
        await open(await linkFor(ad.postId, { session: alice.token })),
        `Preview of ${status}`,
      );
    },
  );

  it('gives the link to the holder of the ad’s edit token (an anonymous poster)', async () => {
    const ad = await createAd(t.app, {
      email: 'anon@example.com',
      overrides: { title: 'Posted anonymously' },
    });
    expectPreview(
      await open(await linkFor(ad.postId, { editToken: ad.token })),
      'Posted anonymously',
    );
  });

  it('gives the link to a moderator for anyone’s ad', async () => {
    const ad = await createAd(t.app, {
      session: alice.token,
      overrides: { title: 'Seen by the moderator' },
    });
    expectPreview(
      await open(await linkFor(ad.postId, { session: moderator.token })),
      'Seen by the moderator',
    );
  });

  it('refuses a stranger with 403 and an unknown or deleted ad with 404, as other ad calls', async () => {
    const ad = await createAd(t.app, { session: alice.token });
    for (const who of [
      { session: bob.token },
      {},
      { editToken: randomBytes(32).toString('base64url') },
    ]) {
      const res = await askLink(ad.postId, who);
      expectErrorBody(res, 403);
      expect(res.json).toEqual({ success: false, error: sayIn('en', adMessages.access.forbidden) });
    }
    expectErrorBody(await askLink('999999999', { session: moderator.token }), 404);
    expectErrorBody(await askLink('not-an-id', { session: alice.token }), 400);

    const deleted = await createAd(t.app, { session: alice.token });
    await call(t.app, 'POST', '/api/post/delete', {
      headers: { session: alice.token },
      body: { postId: deleted.postId },
    });
    for (const who of [{ session: alice.token }, { session: moderator.token }]) {
      const res = await askLink(deleted.postId, who);
      expectErrorBody(res, 404);
      expect(res.json).toEqual({ success: false, error: sayIn('en', adMessages.wizard.notFound) });
    }
    expect(
      Number(
        (
          await t.database.pool.query('SELECT count(*) AS n FROM preview_tokens WHERE ad_id = $1', [
            ad.postId,
          ])
        ).rows[0]?.n,
      ),
    ).toBe(0);
  });

  it('shows only the public page once the token has expired', async () => {
    const ad = await createAd(t.app, { session: alice.token, overrides: { title: 'Short look' } });
    const url = await linkFor(ad.postId, { session: alice.token });
    expectPreview(await open(url), 'Short look');
    await t.database.pool.query(
      `UPDATE preview_tokens SET expires_at = now() - interval '1 second' WHERE ad_id = $1`,
      [ad.postId],
    );
    const res = await open(url);
    expect(res.status).toBe(404);
    expect(res.text).toContain(publicPageText('en').notFoundText);
    expect(res.text).not.toContain('Short look');
  });

  it('does not open one ad with the token of another', async () => {
    const mine = await createAd(t.app, { session: alice.token });
    const other = await createAd(t.app, {
      session: bob.token,
      overrides: { title: 'Bob’s secret' },
    });
    const url = await linkFor(mine.postId, { session: alice.token });
    const res = await call(
      t.app,
      'GET',
      `/ads/details/${other.postId}?preview=true&token=${url.searchParams.get('token')}`,
      { headers: { host: url.host } },
    );
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('Bob’s secret');
  });

  it('shows nothing once the ad is deleted, even with a valid token', async () => {
    const ad = await createAd(t.app, { session: alice.token });
    const url = await linkFor(ad.postId, { session: alice.token });
    await call(t.app, 'POST', '/api/post/delete', {
      headers: { session: alice.token },
      body: { postId: ad.postId },
    });
    expect((await open(url)).status).toBe(404);
  });

  it('says a public ad is public in its preview, with no report form; the plain public page without a token', async () => {
    const ad = await createAd(t.app, { session: alice.token, overrides: { title: 'Live ad' } });
    await makeAdPublic(t, ad.postId);
    const preview = await open(await linkFor(ad.postId, { session: alice.token }));
    expectPreview(preview, 'Live ad', publicPageText('en').previewBannerPublic);
    // Not 'It is not public unless it is approved': it is. And no live report form: the
    // preview is the owner's (or a moderator's) view, and visitors report from the page.
    expect(preview.text).not.toContain(publicPageText('en').previewBanner);
    expect(preview.text).not.toContain(publicPageText('en').reportSubmit);
    expect(preview.text).not.toContain('<form');
    const res = await call(t.app, 'GET', `/ads/details/${ad.postId}?preview=true&token=wrong`, {
      headers: { host: 'las-vegas.localhost:3000' },
    });
    expect(res.status).toBe(200);
    expect(res.text).toContain('<h1>Live ad</h1>');
    expect(res.text).not.toContain(publicPageText('en').previewBanner);
  });

  it('keeps the preview on the ad’s own city host', async () => {
    const ad = await createAd(t.app, { session: alice.token });
    const url = await linkFor(ad.postId, { session: alice.token });
    const res = await call(t.app, 'GET', `${url.pathname}${url.search}`, {
      headers: { host: 'orlando.localhost:3000' },
    });
    expect(res.status).toBe(404);
  });
});

describe('preview tokens are secrets: guesses are limited', () => {
  let t: TestApp;
  beforeAll(async () => {
    const rule = { max: 3, windowMs: 10 * 60_000 };
    t = await createTestApp({
      limiter: limiterWith({ previewToken: { ip: rule, account: rule } }),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('past the limit even the right token shows only the public page', async () => {
    const owner = await registerVerified(t.app, 'carol@example.com', 'carol long passphrase');
    const ad = await createAd(t.app, { session: owner.token, overrides: { title: 'Not yet' } });
    const res = await call(t.app, 'POST', `/api/post/${ad.postId}/preview`, {
      headers: credentials({ session: owner.token }),
    });
    const url = new URL(previewLinkSchema.parse(res.json).url);
    const guess = (token: string) =>
      call(t.app, 'GET', `${url.pathname}?preview=true&token=${token}`, {
        headers: { host: url.host },
      });
    for (let i = 0; i < 3; i += 1) {
      expect((await guess(randomBytes(32).toString('base64url'))).status).toBe(404);
    }
    const right = await guess(url.searchParams.get('token') ?? '');
    expect(right.status).toBe(404);
    expect(right.text).not.toContain('Not yet');
  });
});
