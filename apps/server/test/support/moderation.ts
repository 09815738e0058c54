import { expect } from 'vitest';
import { call, type TestApp } from './test-app.js';
import { registerVerified, type SignedIn } from './accounts.js';
import { addPhotos, addVerificationPhoto, jpegFile } from './photos.js';
import { addAuthenticator } from './second-factors.js';

/**
 * A verified account given a role directly in the database, as an operator would,
 * with the authenticator app staff need before the console opens (issue 27), unless
 * `secondFactor: false`; its secret is `totpSecret`.
 */
export async function signedInWithRole(
  t: TestApp,
  email: string,
  role: 'moderator' | 'admin',
  password = 'moderate-carefully-42',
  options: { secondFactor?: boolean } = {},
): Promise<SignedIn & { totpSecret: string | null }> {
  const signedIn = await registerVerified(t.app, email, password);
  await t.database.pool.query('UPDATE users SET role = $2 WHERE id = $1', [signedIn.userId, role]);
  const totpSecret =
    options.secondFactor === false ? null : await addAuthenticator(t, signedIn.userId);
  return { ...signedIn, totpSecret };
}

/**
 * Puts an ad straight into a public state (as an approval would leave it), for
 * tests of what comes after review. `expiresInDays` may be negative.
 */
export async function makeAdPublic(
  t: TestApp,
  adId: string,
  options: { expiresInDays?: number; postedMinutesAgo?: number; listedMinutesAgo?: number } = {},
): Promise<void> {
  const posted = options.postedMinutesAgo ?? 0;
  await t.database.pool.query(
    `UPDATE ads SET status = 'active', approved = true,
       posted_at = now() - make_interval(mins => $3::int),
       listed_at = now() - make_interval(mins => $4::int),
       reviewed_at = now(),
       expires_at = now() + make_interval(days => $2::int)
     WHERE id = $1`,
    [adId, options.expiresInDays ?? 30, posted, options.listedMinutesAgo ?? posted],
  );
}

/**
 * A free verified ad made live the way its owner and a moderator do it: its
 * verification photo and one public photo uploaded, submitted, approved.
 */
export async function publishThroughReview(
  t: TestApp,
  adId: string,
  who: { owner: SignedIn; moderator: SignedIn },
): Promise<void> {
  const session = who.owner.token;
  await addVerificationPhoto(t.app, adId, await jpegFile('sign.jpg', [200, 30, 30]), { session });
  await addPhotos(t.app, adId, [await jpegFile('one.jpg', [30, 200, 30])], { session });
  const submitted = await call(t.app, 'POST', `/api/post/${adId}/submit`, {
    headers: { session },
  });
  expect(submitted.status, submitted.text).toBe(200);
  const approved = await call(t.app, 'POST', `/api/admin/posts/${adId}/approve`, {
    headers: { session: who.moderator.token },
  });
  expect(approved.status, approved.text).toBe(200);
}
