import type { FastifyInstance } from 'fastify';
import { registerVerified, type SignedIn } from './accounts.js';
import { createTotpSecretBox } from '../../src/modules/accounts/totp-secret-box.js';
import { newTotpSecret, totpCodeAt } from '../../src/modules/accounts/totp.js';
import { photoLinkSecret } from '../../src/modules/photos/photo-link-secret.js';
import { call, type TestApp } from './test-app.js';

/**
 * Gives an account a confirmed authenticator app straight in the database (as a
 * finished set-up leaves it), sealed with the server's own key; answers its secret,
 * from which a test computes codes (codeFor).
 */
export async function addAuthenticator(
  t: TestApp,
  userId: string,
  name = 'Phone',
): Promise<string> {
  const box = createTotpSecretBox(await photoLinkSecret(t.config));
  const secret = newTotpSecret();
  await t.database.pool.query(
    `INSERT INTO second_factors (user_id, kind, name, secret_sealed, confirmed_at)
     VALUES ($1, 'totp', $2, $3, now())`,
    [userId, name, box.seal(userId, secret)],
  );
  return secret;
}

/** The app's code now, or `stepsFromNow` steps of 30 s away. */
export function codeFor(secret: string, stepsFromNow = 0): string {
  return totpCodeAt(secret, Date.now() + stepsFromNow * 30_000);
}

/** The password step: answers the challenge (or throws when a session came instead). */
export async function passwordStep(
  app: FastifyInstance,
  email: string,
  password: string,
  headers: Record<string, string> = {},
) {
  const res = await call(app, 'POST', '/api/user/login', { body: { email, password }, headers });
  const challenge = (res.json as { challenge?: string } | null)?.challenge;
  if (res.status !== 200 || !challenge) {
    throw new Error(`login answered ${res.status} without a challenge: ${res.text}`);
  }
  return challenge;
}

export async function secondStep(
  app: FastifyInstance,
  body: { challenge: string; code: string; remember?: boolean },
  options: { headers?: Record<string, string>; remoteAddress?: string } = {},
) {
  return call(app, 'POST', '/api/user/login/second-factor', { body, ...options });
}

/**
 * Registers as registerVerified does, then turns an authenticator app on: the account of
 * a test that pays for an ad and goes on changing ads (every brand holds an account with
 * a paid ad at the second-factor door, issue 27). The session is the registration's.
 */
export async function registerWithAuthenticator(
  t: TestApp,
  email: string,
  password: string,
): Promise<SignedIn & { secret: string }> {
  const signedIn = await registerVerified(t.app, email, password);
  return { ...signedIn, secret: await addAuthenticator(t, signedIn.userId) };
}
