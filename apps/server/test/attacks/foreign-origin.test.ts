import { fillPath, writesOf, type EndpointSpec } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, relaxedLimiter, type SignedIn } from '../support/accounts.js';
import { adForm, createAd, type CreatedAd } from '../support/ads.js';
import { storedState } from '../support/stored-state.js';
import { call, createTestApp, type TestApp } from '../support/test-app.js';
import { declarations } from '../support/declarations.js';

/**
 * Issue 15, attacks as tests: a page on another site (or a sandboxed frame, whose
 * Origin is `null`) makes the visitor's browser send a request to this one. Every
 * declared endpoint that writes refuses it with 403 before anything runs, even
 * with the owner's credentials attached, and nothing stored changes.
 */
function writingDeclarations(): EndpointSpec[] {
  return declarations().filter((spec) => writesOf(spec));
}

describe('requests from another origin', () => {
  let t: TestApp;
  let owner: SignedIn;
  let ad: CreatedAd;

  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    owner = await registerVerified(t.app, 'origin-owner@example.com', 'the owner passphrase 1');
    ad = await createAd(t.app, { session: owner.token });
  });
  afterAll(async () => {
    await t.close();
  });

  const origins = ['https://evil.example', 'http://localhost:3000.evil.example', 'null'];

  for (const spec of writingDeclarations()) {
    it(`${spec.method} ${spec.path} refuses another origin and changes nothing`, async () => {
      const params = Object.fromEntries(
        [...spec.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1] ?? '', ad.postId]),
      );
      for (const origin of origins) {
        const before = await storedState(t);
        const res = await call(
          t.app,
          spec.method as 'GET' | 'POST' | 'PATCH' | 'DELETE',
          fillPath(spec.path, params),
          {
            headers: { origin, session: owner.token, 'edit-token': ad.token },
            body: { ...adForm, post_id: ad.postId, postId: ad.postId, id: ad.postId },
          },
        );
        expect(res.status, `${origin}: ${res.text}`).toBe(403);
        expect(await storedState(t)).toBe(before);
      }
    });
  }

  it('lets the same request through from the site itself', async () => {
    const res = await call(t.app, 'PATCH', '/api/post', {
      headers: { origin: 'http://localhost:3000', session: owner.token },
      body: { ...adForm, post_id: ad.postId, title: 'Changed from the site itself' },
    });
    expect(res.status).toBe(200);
  });
});
