import { generateSync } from 'otplib';
import { moderatorAccount } from './moderator-account.js';

/**
 * Staff need a second factor before the console opens (issue 27). Global setup turns
 * an authenticator app on for the seeded moderator through the API, as the moderator
 * would on the account page, and signs in once with "remember this device": the
 * tests' moderator browsers carry that device cookie (signInAsModerator), so their
 * sign-ins need no code. The secret and the cookie are handed to the tests through
 * these environment variables.
 */
export const moderatorSecretVariable = 'E2E_MODERATOR_TOTP_SECRET';
export const moderatorDeviceVariable = 'E2E_MODERATOR_DEVICE_COOKIE';

async function post(
  origin: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return { json, setCookie: res.headers.get('set-cookie') ?? '' };
}

/** The code of `secret` now, or `steps` of 30 s later (a step not used yet). */
export function totpCode(secret: string, steps = 0): string {
  return generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

export async function enrollModerator(origin: string): Promise<{ secret: string; device: string }> {
  const { email, password } = moderatorAccount;
  const first = await post(origin, '/api/user/login', { email, password });
  const session = (first.json.data as { token: string }).token;
  const started = await post(origin, '/api/account/second-factors/totp', {}, { session });
  const { setupId, secret } = started.json as { setupId: string; secret: string };
  await post(
    origin,
    '/api/account/second-factors/totp/confirm',
    { setupId, name: 'E2E phone', newCode: totpCode(secret), password },
    { session },
  );
  const login = await post(origin, '/api/user/login', { email, password });
  const challenge = login.json.challenge as string;
  const done = await post(origin, '/api/user/login/second-factor', {
    challenge,
    code: totpCode(secret, 1),
    remember: true,
  });
  const device = /device=([^;]+)/.exec(done.setCookie)?.[1];
  if (!device) throw new Error('the second step set no device cookie');
  return { secret, device };
}
