import {
  accountMessages,
  answers,
  secondFactorLimits,
  type LoginBody,
  type SecondFactorKind,
  type SessionUser,
} from '@adboard/shared';
import type { Db, Tx } from '../../db/database.js';
import { ForbiddenError, RefusalAfterCommit, UnauthorizedError } from '../../domain/errors.js';
import type { SignInGuard } from '../../http/rate-limit.js';
import type { AccountDeps, SiteContext } from './account-deps.js';
import { attachAnonymousAds } from '../ads/attach-anonymous-ads.js';
import { deviceIdFor, trustedDevice } from './device-cookie.js';
import { deviceLabel } from './device-label.js';
import {
  insertChallenge,
  isDeviceRemembered,
  listConfirmedFactors,
} from './second-factor-repository.js';
import { hashToken, newToken } from './secrets.js';
import { recordSecurityEvent } from './security-events.js';
import { issueEmailCode } from './email-codes.js';
import { burnPasswordCheck, verifyPassword } from './passwords.js';
import { createSession } from './sessions.js';
import { findUserByEmail, type UserRow } from './user-repository.js';
import { normalizeEmail } from './users.js';
import { languageOfAccount } from './keep-account-language.js';

/** Where a sign-in comes from: the client's address and its Cookie header (the device cookie). */
export interface SignInRequest {
  ip: string;
  cookieHeader: string | undefined;
}

/**
 * The account whose password this is (the slow part of signing in, run before
 * the transaction opens). Unknown email and wrong password answer alike, and
 * wait alike (the guard counts the email either way); only with the right
 * password does the answer say more (suspended). A browser with the account's
 * device cookie waits on its own failures only, never on strangers'.
 */
export async function checkCredentials(
  db: Db,
  guard: SignInGuard,
  from: SignInRequest,
  body: LoginBody,
): Promise<UserRow> {
  const user = await findUserByEmail(db, body.email);
  const attempt = await guard.begin({
    ip: from.ip,
    account: normalizeEmail(body.email),
    device: user ? trustedDevice(from.cookieHeader, user) : null,
  });
  const passwordOk = user
    ? await verifyPassword(user.passwordHash, body.password)
    : await burnPasswordCheck(body.password);
  if (!user || !passwordOk) throw new UnauthorizedError(answers.auth.invalidCredentials);
  await attempt.succeeded();
  // Only the right password learns that the account was deleted; no undo (delete-account.ts).
  if (user.deletedAt) throw new ForbiddenError(accountMessages.deletion.signInRefused);
  if (user.bannedAt) throw new ForbiddenError(answers.auth.accountBanned);
  return user;
}

/** How a right password ends: a session, or the second step's challenge (no session). */
export type LoginOutcome =
  | { kind: 'session'; data: SessionUser; deviceId: string }
  | { kind: 'challenge'; challenge: string; factorKinds: SecondFactorKind[] };

/** The browser that signs in: its Cookie header (the device cookie) and User-Agent. */
export interface SignInBrowser {
  cookieHeader: string | undefined;
  userAgent: string | undefined;
}

/**
 * Signs in the account checkCredentials found. An unverified one is mailed a
 * fresh code (kept although the answer refuses) and told to verify first. An
 * account with a second factor gets no session from its password, unless this
 * browser is a device remembered for it: a challenge for the second step
 * (sign-in-second-step.ts) instead.
 */
export async function loginUser(
  tx: Tx,
  deps: Pick<AccountDeps, 'queue'>,
  ctx: SiteContext,
  user: UserRow,
  browser: SignInBrowser,
): Promise<LoginOutcome> {
  if (!user.emailVerifiedAt) {
    await issueEmailCode(tx, deps.queue, ctx.site, user);
    throw new RefusalAfterCommit(
      new ForbiddenError(answers.auth.emailNotVerified, { verifyEmail: true }),
    );
  }
  const knownDevice = trustedDevice(browser.cookieHeader, user);
  const factorKinds = [...new Set((await listConfirmedFactors(tx.db, user.id)).map((f) => f.kind))];
  if (
    factorKinds.length > 0 &&
    !(knownDevice && (await isDeviceRemembered(tx.db, user.id, hashToken(knownDevice), new Date())))
  ) {
    return {
      kind: 'challenge',
      challenge: await issueSignInChallenge(tx, user.id),
      factorKinds,
    };
  }
  return {
    kind: 'session',
    ...(await openSession(tx, deps, ctx, user, browser, knownDevice)),
  };
}

/**
 * The session of a sign-in that passed every step; a browser without the account's
 * device cookie is a new device, recorded and mailed (security-events.ts).
 */
export async function openSession(
  tx: Tx,
  deps: Pick<AccountDeps, 'queue'>,
  ctx: SiteContext,
  user: UserRow,
  browser: SignInBrowser,
  knownDevice: string | null,
): Promise<{ data: SessionUser; deviceId: string }> {
  await attachAnonymousAds(tx.db, user, 'login');
  const token = await createSession(tx.db, user.id, browser.userAgent);
  if (!knownDevice) {
    await recordSecurityEvent(tx, deps, user, ctx.site, {
      kind: 'new_device',
      detail: deviceLabel(browser.userAgent ?? null, languageOfAccount(ctx.site, user)),
    });
  }
  return {
    data: { token, email: user.email, user_id: user.id },
    deviceId: deviceIdFor(browser.cookieHeader, user),
  };
}

/** A one-use token of the second step: its hash stored, minutes long. */
async function issueSignInChallenge(tx: Tx, userId: string): Promise<string> {
  const challenge = newToken();
  await insertChallenge(tx.db, {
    userId,
    tokenHash: hashToken(challenge),
    expiresAt: new Date(Date.now() + secondFactorLimits.challengeTtlMinutes * 60_000),
  });
  return challenge;
}
