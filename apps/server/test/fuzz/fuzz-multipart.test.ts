import {
  adLimits,
  catalogueAreas,
  messagesOf,
  photoMessages,
  sayIn,
  isSaid,
} from '@adboard/shared';
import fc from 'fast-check';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, relaxedLimiter, type SignedIn } from '../support/accounts.js';
import { createAd, credentials } from '../support/ads.js';
import { jpegFile, multipartBody, photoFiles } from '../support/photos.js';
import { rawRequest } from '../support/raw-request.js';
import { storedState } from '../support/stored-state.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 24, the upload's part of the fuzzing suite: multipart bodies broken at
 * random (cut anywhere, a byte changed, a boundary other than the declared one, a
 * header grown huge, JSON or noise under a multipart type), sent over a real
 * connection as a client sends them. No answer may be a 5xx; a refusal is a 4xx
 * whose message is in the catalogue, and stores no row and no file.
 */

const runs = Number(process.env.FUZZ_RUNS ?? 25);

/** Every text the catalogue gives an upload's refusal. */
const catalogue = new Set<unknown>([
  ...Object.values(photoMessages)
    .filter(isSaid)
    .map((said) => sayIn('en', said)),
  ...Object.values(messagesOf(catalogueAreas.answers, 'en').http),
  sayIn('en', photoMessages.tooMany({ max: adLimits.photosMax })),
]);

type Mutation =
  | { kind: 'cut'; at: number }
  | { kind: 'byte'; at: number; value: number }
  | { kind: 'boundary'; declared: string }
  | { kind: 'header'; size: number }
  | { kind: 'replace'; body: Uint8Array | string };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('cut'), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({
    kind: fc.constant('byte'),
    at: fc.double({ min: 0, max: 1, noNaN: true }),
    value: fc.integer({ min: 0, max: 255 }),
  }),
  fc.record({
    kind: fc.constant('boundary'),
    declared: fc.stringMatching(/^[A-Za-z0-9'()+_,./:=?-]{1,70}$/),
  }),
  fc.record({ kind: fc.constant('header'), size: fc.integer({ min: 1_000, max: 300_000 }) }),
  fc.record({
    kind: fc.constant('replace'),
    body: fc.oneof(fc.uint8Array({ maxLength: 2_000 }), fc.json()),
  }),
);

describe('fuzzing the photo upload with malformed multipart bodies', () => {
  let t: TestApp;
  let owner: SignedIn;
  let adId: string;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    owner = await registerVerified(t.app, 'fuzz-upload@example.com', 'a long enough passphrase');
    adId = (await createAd(t.app, { session: owner.token })).postId;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
  });

  it('POST /api/post/{id}/photos answers no 5xx, and a refusal has a catalogue message and stores nothing', async () => {
    const { body: good, contentType } = multipartBody([await jpegFile()]);
    const boundary = contentType.split('boundary=')[1] ?? '';
    await fc.assert(
      fc.asyncProperty(mutation, async (change) => {
        let body = good;
        let type = contentType;
        if (change.kind === 'cut') body = good.subarray(0, Math.floor(good.length * change.at));
        if (change.kind === 'byte') {
          body = Buffer.from(good);
          body[Math.min(good.length - 1, Math.floor(good.length * change.at))] = change.value;
        }
        if (change.kind === 'boundary') type = `multipart/form-data; boundary=${change.declared}`;
        if (change.kind === 'header') {
          const split = good.indexOf('\r\n\r\n');
          const padding = Buffer.from(`\r\nX-Padding: ${'a'.repeat(change.size)}`);
          body = Buffer.concat([good.subarray(0, split), padding, good.subarray(split)]);
        }
        if (change.kind === 'replace') body = Buffer.from(change.body);
        const before = await storedState(t);
        const filesBefore = await photoFiles(t);
        const res = await rawRequest(port, {
          method: 'POST',
          path: `/api/post/${adId}/photos`,
          headers: { ...credentials({ session: owner.token }), 'content-type': type },
          body,
        });
        const label = `${change.kind} (boundary ${boundary}): ${res.status} ${res.text}`;
        expect(res.status, label).toBeGreaterThanOrEqual(200);
        expect(res.status, label).toBeLessThan(500);
        if (res.status >= 400) {
          const error = (res.json as { error?: unknown } | null)?.error;
          expect(catalogue.has(error), label).toBe(true);
          expect(await storedState(t)).toBe(before);
          expect(await photoFiles(t)).toEqual(filesBefore);
        } else {
          // A change the parser does not notice (a byte in the epilogue or in a
          // header's value) may be taken: remove the photo again to keep room.
          await t.database.pool.query('DELETE FROM photos WHERE ad_id = $1', [adId]);
        }
      }),
      { numRuns: runs * 4 },
    );
  });
});
