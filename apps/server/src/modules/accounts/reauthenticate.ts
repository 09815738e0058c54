import { accountMessages, type ReauthProof } from '@adboard/shared';
import type { Db, Tx } from '../../db/database.js';
import type { ActorUser } from '../../domain/actor.js';
import { ValidationError } from '../../domain/errors.js';
import type { SignInAttempt, SignInGuard } from '../../http/rate-limit.js';
import type { SiteConfig } from '../sites/site-registry.js';
import { verifyPassword } from './passwords.js';
import { hashToken } from './secrets.js';
import { checkSecondFactorCode, type SecondFactorDeps } from './second-factors.js';
import { findUserById } from './user-repository.js';

const twoStep = accountMessages.twoStep;

/** Where a re-authentication comes from: the client's address and the session it holds. */
export interface ReauthRequest {
  ip: string;
  sessionToken: string | null;
}

/** A proof begun outside the transaction: the password checked, a code still to check. */
export interface PreparedReauth {
  attempt: SignInAttempt;
  proof: ReauthProof;
}

function refused(proof: ReauthProof): ValidationError {
  const field = 'code' in proof ? 'code' : 'password';
  return new ValidationError(twoStep.reauthFailed, { [field]: twoStep.reauthFailed });
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
  const attempt = await guard.begin({
    ip: from.ip,
    account: `reauth:${user.id}`,
    device: `session:${hashToken(from.sessionToken ?? user.id)}`,
  });
  if ('password' in proof) {
    const row = await findUserById(db, user.id);
    if (!row || !(await verifyPassword(row.passwordHash, proof.password))) throw refused(proof);
    await attempt.succeeded();
  }
  return { attempt, proof };
}

/** The second half, in the transaction: a code is checked (and used). */
export async function finishReauth(
  tx: Tx,
  deps: SecondFactorDeps,
  user: ActorUser,
  site: SiteConfig,
  prepared: PreparedReauth,
): Promise<void> {
  const { proof, attempt } = prepared;
  if (!('code' in proof)) return;
  if (!(await checkSecondFactorCode(tx, deps, user, site, proof.code))) throw refused(proof);
  await attempt.succeeded();
}
