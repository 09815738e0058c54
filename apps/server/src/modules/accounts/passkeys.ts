import {
  type Said,
  accountMessages,
  answers,
  passkeyOptionsSchema,
  secondFactorLimits,
  type AddPasskeyBody,
  type PasskeyAssertion,
  type PasskeyCeremonyResult,
  type SessionUser,
} from '@adboard/shared';
import type { Tx } from '../../db/database.js';
import type { PasskeyCeremonyPurpose } from '../../db/schema.js';
import {
  ConflictError,
  ForbiddenError,
  GoneError,
  RefusalAfterCommit,
  RefusedError,
  UnauthorizedError,
} from '../../domain/errors.js';
import type { SignInGuard } from '../../http/rate-limit.js';
import type { SiteContext } from './account-deps.js';
import { trustedDevice } from './device-cookie.js';
import { openSession, type SignInBrowser } from './login-user.js';
import {
  findPasskeyByCredentialId,
  insertCeremony,
  insertPasskey,
  listPasskeys,
  recordPasskeyUse,
  takeCeremony,
  type StoredPasskey,
} from './passkey-repository.js';
import { countConfirmedFactors } from './second-factor-repository.js';
import { issueRecoveryCodes, type FactorAccount, type SecondFactorDeps } from './second-factors.js';
import { recordSecurityEvent } from './security-events.js';
import { findUserById, type UserRow } from './user-repository.js';
import {
  authenticationOptions,
  registrationOptions,
  relyingPartyOf,
  userIdOfHandle,
  verifyAuthentication,
  verifyRegistration,
  type CeremonyFailure,
} from './webauthn-ceremonies.js';

const texts = accountMessages.passkeys;
const twoStep = accountMessages.twoStep;

function ceremonyExpiry(): Date {
  return new Date(Date.now() + secondFactorLimits.passkeyCeremonyTtlMinutes * 60_000);
}

function failureMessage(failure: CeremonyFailure): Said {
  return failure === 'unverified' ? texts.verificationRequired : texts.failed;
}

async function startCeremony(
  tx: Tx,
  ctx: SiteContext,
  purpose: PasskeyCeremonyPurpose,
  userId: string | null,
  made: { challenge: string },
): Promise<PasskeyCeremonyResult> {
  // The library's options, read through the contract's schema (JSON for the browser).
  const options = passkeyOptionsSchema.parse(made);
  const ceremonyId = await insertCeremony(tx.db, {
    purpose,
    userId,
    siteId: ctx.site.id,
    challenge: options.challenge,
    expiresAt: ceremonyExpiry(),
  });
  return { success: true, ceremonyId, options };
}

/**
 * Starts adding a passkey to the signed-in account: creation options for the browser
 * (its passkeys already on the account excluded), the challenge kept on the server.
 * Starting asks nothing again (it changes nothing until addPasskey).
 */
export async function startPasskeyRegistration(
  tx: Tx,
  user: FactorAccount & { email: string },
  ctx: SiteContext,
): Promise<PasskeyCeremonyResult> {
  if ((await countConfirmedFactors(tx.db, user.id)) >= secondFactorLimits.maxFactorsPerAccount) {
    throw new RefusedError(
      twoStep.tooManyFactors({ max: secondFactorLimits.maxFactorsPerAccount }),
    );
  }
  const rp = relyingPartyOf(ctx.site, ctx.appOrigin);
  const options = await registrationOptions(rp, user, await listPasskeys(tx.db, user.id));
  return startCeremony(tx, ctx, 'register', user.id, options);
}

/**
 * Adds the passkey the browser created (the caller has re-authenticated): the
 * ceremony is answered once, the attestation checked against its challenge, the
 * brand's origin and relying party, with the user verified. The account's first
 * factor comes with its recovery codes, answered this once.
 */
export async function addPasskey(
  tx: Tx,
  deps: SecondFactorDeps,
  user: FactorAccount,
  ctx: SiteContext,
  body: Pick<AddPasskeyBody, 'ceremonyId' | 'name' | 'credential'>,
): Promise<string[] | undefined> {
  const ceremony = await takeCeremony(tx.db, {
    id: body.ceremonyId,
    purpose: 'register',
    siteId: ctx.site.id,
  });
  if (!ceremony || ceremony.userId !== user.id) throw new GoneError(texts.ceremonyGone);
  const rp = relyingPartyOf(ctx.site, ctx.appOrigin);
  const made = await verifyRegistration(rp, body.credential, ceremony.challenge);
  // The ceremony stays answered: a refused answer cannot be tried again with it.
  if (typeof made === 'string') {
    throw new RefusalAfterCommit(new RefusedError(failureMessage(made)));
  }
  if (await findPasskeyByCredentialId(tx.db, made.credentialId)) {
    throw new RefusalAfterCommit(new ConflictError(texts.alreadyAdded));
  }
  const factors = await countConfirmedFactors(tx.db, user.id);
  if (factors >= secondFactorLimits.maxFactorsPerAccount) {
    throw new RefusedError(
      twoStep.tooManyFactors({ max: secondFactorLimits.maxFactorsPerAccount }),
    );
  }
  await insertPasskey(tx.db, { userId: user.id, name: body.name, ...made });
  await recordSecurityEvent(tx, deps, user, ctx.site, { kind: 'factor_added', detail: body.name });
  return factors === 0 ? issueRecoveryCodes(tx, user.id) : undefined;
}

/** Starts a sign-in without a password: any passkey of this brand may answer. */
export async function startPasskeySignIn(tx: Tx, ctx: SiteContext): Promise<PasskeyCeremonyResult> {
  const options = await authenticationOptions(relyingPartyOf(ctx.site, ctx.appOrigin), []);
  return startCeremony(tx, ctx, 'sign-in', null, options);
}

/**
 * Starts a ceremony that only the account's own passkeys may answer: the sign-in's
 * second step (for the account whose password step answered the challenge, checked
 * again by the second step), or the factor beside the password of the data download
 * and the deletion ('reauth'). 410 when the account has no passkey.
 */
export async function startOwnPasskeyCeremony(
  tx: Tx,
  ctx: SiteContext,
  userId: string,
  purpose: 'second-step' | 'reauth',
): Promise<PasskeyCeremonyResult> {
  const passkeys = await listPasskeys(tx.db, userId);
  if (passkeys.length === 0) throw new GoneError(texts.unknown);
  const options = await authenticationOptions(relyingPartyOf(ctx.site, ctx.appOrigin), passkeys);
  return startCeremony(tx, ctx, purpose, userId, options);
}

/** A passkey's answer checked: the passkey, or why not. */
export type AssertionOutcome =
  | { ok: true; passkey: StoredPasskey }
  /** Refused; the passkey when it is a known one (its account's failures are counted). */
  | { ok: false; message: Said; passkey?: StoredPasskey };

/**
 * Checks a passkey's answer to a ceremony of this purpose (answered once): the
 * passkey must be known (and the account's, when the ceremony was started for one),
 * its signature right, the user verified and its counter moved on; the counter is
 * then kept. A ceremony gone (expired, used, another brand's) throws 410.
 */
export async function checkPasskeyAssertion(
  tx: Tx,
  ctx: SiteContext,
  assertion: PasskeyAssertion,
  purpose: 'sign-in' | 'second-step' | 'reauth',
): Promise<AssertionOutcome> {
  const ceremony = await takeCeremony(tx.db, {
    id: assertion.ceremonyId,
    purpose,
    siteId: ctx.site.id,
  });
  if (!ceremony) throw new GoneError(texts.ceremonyGone);
  const passkey = await findPasskeyByCredentialId(tx.db, assertion.credential.id);
  const handle = userIdOfHandle(assertion.credential.response.userHandle);
  if (
    !passkey ||
    (ceremony.userId !== null && ceremony.userId !== passkey.userId) ||
    (handle !== null && handle !== passkey.userId)
  ) {
    return { ok: false, message: texts.unknown };
  }
  const rp = relyingPartyOf(ctx.site, ctx.appOrigin);
  const checked = await verifyAuthentication(rp, assertion.credential, ceremony.challenge, passkey);
  if (typeof checked === 'string') {
    return { ok: false, message: failureMessage(checked), passkey };
  }
  await recordPasskeyUse(tx.db, passkey.id, checked.signCount);
  return { ok: true, passkey };
}

export interface PasskeySignInOutcome {
  data: SessionUser;
  user: UserRow;
  deviceId: string;
}

/**
 * Signs in with a passkey and no password (a passkey with the user's verification is
 * two factors at once: no second step). A refused answer is counted by the sign-in
 * guard per address and per account (or per device for the owner's browser), like a
 * wrong password; the ceremony is answered either way.
 */
export async function signInWithPasskey(
  tx: Tx,
  deps: SecondFactorDeps & { guard: SignInGuard },
  ctx: SiteContext,
  assertion: PasskeyAssertion,
  from: SignInBrowser & { ip: string },
): Promise<PasskeySignInOutcome> {
  const outcome = await checkPasskeyAssertion(tx, ctx, assertion, 'sign-in');
  // A known passkey's refused answer counts on its account, like a wrong password.
  const owner = outcome.passkey?.userId;
  const user = owner ? await findUserById(tx.db, owner) : undefined;
  const knownDevice = user ? trustedDevice(from.cookieHeader, user) : null;
  const attempt = await deps.guard.begin({
    ip: from.ip,
    account: `passkey:${user?.id ?? 'unknown'}`,
    device: knownDevice,
  });
  if (!outcome.ok || !user) {
    throw new RefusalAfterCommit(
      new UnauthorizedError(outcome.ok ? texts.unknown : outcome.message),
    );
  }
  await attempt.succeeded();
  if (user.deletedAt) throw new ForbiddenError(accountMessages.deletion.signInRefused);
  if (user.bannedAt) throw new ForbiddenError(answers.auth.accountBanned);
  if (!user.emailVerifiedAt) throw new ForbiddenError(answers.auth.emailNotVerified);
  const { data, deviceId } = await openSession(tx, deps, ctx, user, from, knownDevice);
  return { data, user, deviceId };
}
