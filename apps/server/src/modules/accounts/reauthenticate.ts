import {
  accountMessages,
  type PasskeyAssertion,
  type PasswordAndFactorBody,
  type ReauthProof,
} from '@adboard/shared';
import type { Db, Tx } from '../../db/database.js';
import type { ActorUser } from '../../domain/actor.js';
import { ValidationError } from '../../domain/errors.js';
import type { SignInAttempt, SignInGuard } from '../../http/rate-limit.js';
import type { SiteConfig } from '../sites/site-registry.js';
import type { SiteContext } from './account-deps.js';
import { checkPasskeyAssertion } from './passkeys.js';
import { verifyPassword } from './passwords.js';
import { hashToken } from './secrets.js';
import { checkSecondFactorCode, type SecondFactorDeps } from './second-factors.js';
import { findUserById } from './user-repository.js';

const twoStep = accountMessages.twoStep;

/** Where a re-authentication comes from: the client's address and the session it holds. */
export interface ReauthRequest {
  ip: string;
  sessionToken: string | null;
  /** The brand and app origin the request came to (a passkey's relying party). */
  site: SiteContext;
}

/** A proof begun outside the transaction: the password checked, a code still to check. */
export interface PreparedReauth {
  attempt: SignInAttempt;
  proof: ReauthProof;
  site: SiteContext;
}

function refused(proof: ReauthProof): ValidationError {
  const field = 'password' in proof ? 'password' : 'code';
  return new ValidationError(twoStep.reauthFailed, { [field]: twoStep.reauthFailed });
}

/**
 * Counts a re-authentication guess (the password or a code asked again on the account
 * page) on the sign-in guard: per client address, and per session under the account's
 * re-authentication key, never under its sign-in key, so a thief holding one session
 * makes neither the login form nor the owner's other sessions wait. Every check of a
 * secret asked again begins here (prepareReauth, checkCurrentPassword).
 */
export async function beginReauthAttempt(
  guard: SignInGuard,
  from: ReauthRequest,
  user: ActorUser,
): Promise<SignInAttempt> {
  return guard.begin({
    ip: from.ip,
    account: `reauth:${user.id}`,
    device: `session:${hashToken(from.sessionToken ?? user.id)}`,
  });
}

/**
 * The first half of the re-authentication every change of the factors asks for (a
 * stolen session alone changes nothing): the guess is counted at once by the sign-in
 * guard, per client address and per session (so a thief's guesses never make the
 * owner's other sessions wait), and a password is checked here, before the
 * transaction (argon2 is slow). A code is checked in the transaction (finishReauth).
 */
export async function prepareReauth(
  db: Db,
  guard: SignInGuard,
  from: ReauthRequest,
  user: ActorUser,
  proof: ReauthProof,
): Promise<PreparedReauth> {
  const attempt = await beginReauthAttempt(guard, from, user);
  if ('password' in proof) {
    const row = await findUserById(db, user.id);
    if (!row || !(await verifyPassword(row.passwordHash, proof.password))) throw refused(proof);
    await attempt.succeeded();
  }
  return { attempt, proof, site: from.site };
}

/** A passkey of the account answered its re-authentication ceremony (answered once). */
async function isOwnPasskey(
  tx: Tx,
  site: SiteContext,
  user: ActorUser,
  assertion: PasskeyAssertion,
): Promise<boolean> {
  const outcome = await checkPasskeyAssertion(tx, site, assertion, 'reauth');
  return outcome.ok && outcome.passkey.userId === user.id;
}

/** The second half, in the transaction: a code or a passkey is checked (and used). */
export async function finishReauth(
  tx: Tx,
  deps: SecondFactorDeps,
  user: ActorUser,
  site: SiteConfig,
  prepared: PreparedReauth,
): Promise<void> {
  const { proof, attempt } = prepared;
  if ('password' in proof) return;
  const proved =
    'code' in proof
      ? (await checkSecondFactorCode(tx, deps, user, site, proof.code)) !== null
      : await isOwnPasskey(tx, prepared.site, user, proof.passkey);
  if (!proved) throw refused(proof);
  await attempt.succeeded();
}

/**
 * The data download and the deletion of the account ask for more than a factor change:
 * the password, and a current code as well when the account has a second factor (a
 * stolen session with a phished password still takes nothing away). The password is
 * checked here, before the transaction; the code, when one is due, is answered as a
 * prepared proof for finishReauth in the transaction (null when the account has none).
 * Each secret is its own counted guess.
 */
export async function preparePasswordAndFactor(
  db: Db,
  guard: SignInGuard,
  from: ReauthRequest,
  user: ActorUser,
  body: PasswordAndFactorBody,
): Promise<PreparedReauth | null> {
  await prepareReauth(db, guard, from, user, { password: body.password });
  if (!user.hasSecondFactor) return null;
  const proof: ReauthProof | null =
    body.passkey !== undefined
      ? { passkey: body.passkey }
      : body.code !== undefined
        ? { code: body.code }
        : null;
  if (!proof) {
    throw new ValidationError(twoStep.codeAlsoRequired, { code: twoStep.codeAlsoRequired });
  }
  return { attempt: await beginReauthAttempt(guard, from, user), proof, site: from.site };
}
