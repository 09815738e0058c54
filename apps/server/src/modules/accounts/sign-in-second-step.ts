import {
  type Said,
  accountMessages,
  answers,
  secondFactorLimits,
  secondStepMessages,
  type SecondFactorSignInBody,
  type SessionUser,
} from '@adboard/shared';
import type { Tx } from '../../db/database.js';
import {
  ForbiddenError,
  GoneError,
  RefusalAfterCommit,
  UnauthorizedError,
} from '../../domain/errors.js';
import type { SignInGuard } from '../../http/rate-limit.js';
import type { SiteContext } from './account-deps.js';
import { trustedDevice } from './device-cookie.js';
import { openSession, type SignInBrowser } from './login-user.js';
import {
  closeChallenges,
  countChallengeAttempt,
  findChallenge,
  rememberDevice,
  type SignInChallengeRow,
} from './second-factor-repository.js';
import { checkPasskeyAssertion } from './passkeys.js';
import { checkSecondFactorCode, type SecondFactorDeps } from './second-factors.js';
import { hashToken } from './secrets.js';
import { findUserById, type UserRow } from './user-repository.js';

const twoStep = secondStepMessages.twoStep;

/**
 * The password step's challenge of this token, met by nothing yet: unused, unexpired,
 * under its wrong codes' limit, and its account (locked: one second step of an account
 * at a time, so two at once on two servers wait for each other instead of deadlocking
 * on each other's rows). Otherwise 410.
 */
export async function openChallenge(
  tx: Tx,
  token: string,
): Promise<{ user: UserRow; challenge: SignInChallengeRow }> {
  const tokenHash = hashToken(token);
  const found = await findChallenge(tx.db, tokenHash);
  const user = found ? await findUserById(tx.db, found.userId, { forUpdate: true }) : undefined;
  const challenge = user ? await findChallenge(tx.db, tokenHash, { forUpdate: true }) : undefined;
  if (
    !user ||
    !challenge ||
    challenge.usedAt ||
    challenge.expiresAt.getTime() <= Date.now() ||
    challenge.attempts >= secondFactorLimits.challengeMaxAttempts
  ) {
    throw new GoneError(twoStep.challengeGone);
  }
  return { user, challenge };
}

/** The second step's proof checked: null when right, or the refusal's message. */
async function checkProof(
  tx: Tx,
  deps: SecondFactorDeps,
  user: UserRow,
  ctx: SiteContext,
  body: SecondFactorSignInBody,
): Promise<Said | null> {
  if (body.passkey) {
    const outcome = await checkPasskeyAssertion(tx, ctx, body.passkey, 'second-step');
    if (!outcome.ok) return outcome.message;
    return outcome.passkey.userId === user.id ? null : accountMessages.passkeys.unknown;
  }
  const code = body.code ?? '';
  return (await checkSecondFactorCode(tx, deps, user, ctx.site, code)) ? null : twoStep.codeFailed;
}

/** What the route needs after the commit: the session, and the device cookie to set. */
export interface SecondStepOutcome {
  data: SessionUser;
  user: UserRow;
  deviceId: string;
}

/**
 * The sign-in's second step: the password step's challenge (one use, minutes long,
 * a few wrong codes) and a code of the account, an authenticator app's or a recovery
 * code. Wrong codes are counted on the challenge (kept although the call fails) and
 * by the sign-in guard, per address and per account, or per device for a browser
 * holding the account's device cookie, so strangers' guesses never make the owner's
 * browser wait. Only a right code opens a session; "remember this device" skips
 * this step on the browser for secondFactorLimits.rememberDeviceDays.
 */
export async function completeSecondStep(
  tx: Tx,
  deps: SecondFactorDeps & { guard: SignInGuard },
  ctx: SiteContext,
  body: SecondFactorSignInBody,
  from: SignInBrowser & { ip: string },
): Promise<SecondStepOutcome> {
  const { user, challenge } = await openChallenge(tx, body.challenge);
  if (user.bannedAt) throw new ForbiddenError(answers.auth.accountBanned);
  const knownDevice = trustedDevice(from.cookieHeader, user);
  const attempt = await deps.guard.begin({
    ip: from.ip,
    account: `second-factor:${user.id}`,
    device: knownDevice,
  });
  const refusal = await checkProof(tx, deps, user, ctx, body);
  if (refusal) {
    await countChallengeAttempt(tx.db, challenge.id);
    throw new RefusalAfterCommit(new UnauthorizedError(refusal));
  }
  await attempt.succeeded();
  await closeChallenges(tx.db, user.id);
  const { data, deviceId } = await openSession(tx, deps, ctx, user, from, knownDevice);
  if (body.remember) {
    await rememberDevice(tx.db, {
      userId: user.id,
      deviceHash: hashToken(deviceId),
      expiresAt: new Date(Date.now() + secondFactorLimits.rememberDeviceDays * 24 * 60 * 60_000),
    });
  }
  return { data, user, deviceId };
}
