import { randomUUID } from 'node:crypto';
import {
  sayIn,
  accountMessages,
  recoveryCodePattern,
  secondFactorLimits,
  totpCodePattern,
  type ConfirmTotpBody,
  type SecondFactorsResult,
  type StartTotpResult,
} from '@adboard/shared';
import type { Db, Tx } from '../../db/database.js';
import { ForbiddenError, GoneError, NotFoundError, RefusedError } from '../../domain/errors.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { siteById } from '../sites/site-by-id.js';
import type { SiteConfig } from '../sites/site-registry.js';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.js';
import {
  claimTotpStep,
  confirmFactor,
  countConfirmedFactors,
  countUnusedRecoveryCodes,
  deleteAllSecondFactors,
  deleteConfirmedFactor,
  deleteRecoveryCodes,
  forgetRememberedDevices,
  insertPendingFactor,
  listConfirmedFactors,
  lockPendingFactor,
  ownsPaidAd,
  renameConfirmedFactor,
  replaceRecoveryCodes,
  useRecoveryCode,
} from './second-factor-repository.js';
import { sameHash } from './secrets.js';
import { recordSecurityEvent, type SecurityEventAccount } from './security-events.js';
import { matchTotp, newTotpSecret, totpUri } from './totp.js';
import type { TotpSecretBox } from './totp-secret-box.js';
import { languageOfAccount } from './keep-account-language.js';

const twoStep = accountMessages.twoStep;

/** What the second-factor use cases need: the outbox's queue and the secrets' box. */
export interface SecondFactorDeps {
  queue: JobQueue;
  secretBox: TotpSecretBox;
}

/** The account as these use cases need it (the actor's user, or a row). */
export type FactorAccount = SecurityEventAccount & { role: string };

/**
 * Whether the account must keep a second factor: moderators and admins always
 * (the console's door); advertisers as their site says (`secondFactorForAdvertisers`).
 */
export async function secondFactorRequired(
  db: Db,
  user: FactorAccount,
  site: Pick<SiteConfig, 'secondFactorForAdvertisers'>,
): Promise<boolean> {
  if (user.role === 'moderator' || user.role === 'admin') return true;
  switch (site.secondFactorForAdvertisers) {
    case 'always':
      return true;
    case 'paid-ads':
      return ownsPaidAd(db, user.id);
    default:
      return false;
  }
}

/**
 * Whether the account must set up a second factor before it goes on: its rule asks for
 * one (secondFactorRequired) and it has none. The user status answers it, so the screens
 * show the door before a refusal does.
 */
export async function secondFactorMissing(
  db: Db,
  user: FactorAccount & { hasSecondFactor: boolean },
  site: Pick<SiteConfig, 'secondFactorForAdvertisers'>,
): Promise<boolean> {
  return !user.hasSecondFactor && (await secondFactorRequired(db, user, site));
}

/**
 * The advertisers' door: the endpoints that post, change, pay for or delete ads
 * (`changesAds`) refuse a signed-in account whose site requires a second factor it has
 * not set up (403, `secondFactorRequired`). An anonymous poster (an edit token, no
 * account) has no factor to set up and is not held.
 */
export async function holdAtAdvertiserDoor(
  db: Db,
  user: (FactorAccount & { hasSecondFactor: boolean }) | null,
  site: Pick<SiteConfig, 'secondFactorForAdvertisers'>,
): Promise<void> {
  if (user && (await secondFactorMissing(db, user, site))) {
    throw new ForbiddenError(twoStep.advertiserDoor, { secondFactorRequired: true });
  }
}

/** The account page's list: its apps, its unused recovery codes, whether one is required. */
export async function listSecondFactors(
  db: Db,
  user: FactorAccount,
  site: SiteConfig,
): Promise<SecondFactorsResult> {
  const [factors, recoveryCodesLeft, required] = await Promise.all([
    listConfirmedFactors(db, user.id),
    countUnusedRecoveryCodes(db, user.id),
    secondFactorRequired(db, user, site),
  ]);
  return {
    success: true,
    required,
    recoveryCodesLeft,
    factors: factors.map((f) => ({
      id: f.id,
      kind: f.kind,
      name: f.name,
      createdAt: (f.confirmedAt ?? f.createdAt).toISOString(),
      lastUsedAt: f.lastUsedAt?.toISOString() ?? null,
    })),
  };
}

/**
 * Starts adding an authenticator app: a new secret, sealed in a row that works for
 * nothing until a first code confirms it (confirmTotp). The secret and its URI are
 * answered for the QR code and manual entry; never logged.
 */
export async function startTotp(
  tx: Tx,
  deps: Pick<SecondFactorDeps, 'secretBox'>,
  user: FactorAccount,
  site: SiteConfig,
): Promise<StartTotpResult> {
  if ((await countConfirmedFactors(tx.db, user.id)) >= secondFactorLimits.maxFactorsPerAccount) {
    throw new RefusedError(
      twoStep.tooManyFactors({ max: secondFactorLimits.maxFactorsPerAccount }),
    );
  }
  const secret = newTotpSecret();
  const setupId = randomUUID();
  await insertPendingFactor(tx.db, {
    id: setupId,
    userId: user.id,
    // Stored: the factor's name until its owner renames it, in the account's language.
    name: sayIn(languageOfAccount(site, user), twoStep.defaultName),
    secretSealed: deps.secretBox.seal(user.id, secret),
  });
  return { success: true, setupId, secret, uri: totpUri(site.name, user.email, secret) };
}

/**
 * Turns a started app on with its first code (the caller has re-authenticated). The
 * account's first factor comes with its recovery codes, answered this once.
 */
export async function confirmTotp(
  tx: Tx,
  deps: SecondFactorDeps,
  user: FactorAccount,
  site: SiteConfig,
  body: Pick<ConfirmTotpBody, 'setupId' | 'name' | 'newCode'>,
): Promise<string[] | undefined> {
  const since = new Date(Date.now() - secondFactorLimits.setupTtlMinutes * 60_000);
  const pending = await lockPendingFactor(tx.db, user.id, body.setupId, since);
  const secret = pending?.secretSealed ? deps.secretBox.open(user.id, pending.secretSealed) : null;
  if (!pending || !secret) throw new GoneError(twoStep.setupGone);
  const step = matchTotp(secret, body.newCode, Date.now(), null);
  if (step === null)
    throw new RefusedError(twoStep.setupCodeFailed, {
      fields: { newCode: twoStep.setupCodeFailed },
    });
  const first = (await countConfirmedFactors(tx.db, user.id)) === 0;
  await confirmFactor(tx.db, pending.id, { name: body.name, step });
  await recordSecurityEvent(tx, deps, user, site, { kind: 'factor_added', detail: body.name });
  if (!first) return undefined;
  return issueRecoveryCodes(tx, user.id);
}

/** The account's recovery codes, made new (its first factor's, or asked for). */
export async function issueRecoveryCodes(tx: Tx, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(
    tx.db,
    userId,
    codes.map((code) => hashRecoveryCode(userId, code)),
  );
  return codes;
}

export async function renameSecondFactor(
  tx: Tx,
  user: FactorAccount,
  factorId: string,
  name: string,
): Promise<void> {
  if (!(await renameConfirmedFactor(tx.db, user.id, factorId, name))) {
    throw new NotFoundError(twoStep.notFound);
  }
}

/**
 * Removes one of the account's apps (the caller has re-authenticated). An account
 * that must keep a factor cannot remove its last; with the last gone, the recovery
 * codes and the remembered devices go too.
 */
export async function removeSecondFactor(
  tx: Tx,
  deps: SecondFactorDeps,
  user: FactorAccount,
  site: SiteConfig,
  factorId: string,
): Promise<void> {
  const removed = await deleteConfirmedFactor(tx.db, user.id, factorId);
  if (!removed) throw new NotFoundError(twoStep.notFound);
  if ((await countConfirmedFactors(tx.db, user.id)) === 0) {
    if (await secondFactorRequired(tx.db, user, site)) throw new RefusedError(twoStep.required);
    await deleteRecoveryCodes(tx.db, user.id);
    await forgetRememberedDevices(tx.db, user.id);
  }
  await recordSecurityEvent(tx, deps, user, site, { kind: 'factor_removed', detail: removed.name });
}

/** Ten new recovery codes, answered once; the old set stops working. */
export async function regenerateRecoveryCodes(
  tx: Tx,
  deps: SecondFactorDeps,
  user: FactorAccount,
  site: SiteConfig,
): Promise<string[]> {
  if ((await countConfirmedFactors(tx.db, user.id)) === 0) throw new RefusedError(twoStep.noFactor);
  const codes = await issueRecoveryCodes(tx, user.id);
  await recordSecurityEvent(tx, deps, user, site, { kind: 'recovery_codes_regenerated' });
  return codes;
}

/** Which factor a code proved, or null. */
export type CodeProof = { kind: 'totp'; factorName: string } | { kind: 'recovery'; left: number };

/**
 * Checks a second-factor code of the account (already normalised by the schema): an
 * app's code, taken once per time step (the conditional UPDATE), or an unused
 * recovery code, then used. A used recovery code is recorded and mailed.
 */
export async function checkSecondFactorCode(
  tx: Tx,
  deps: SecondFactorDeps,
  user: FactorAccount,
  site: SiteConfig,
  code: string,
): Promise<CodeProof | null> {
  if (totpCodePattern.test(code)) {
    const now = Date.now();
    for (const factor of await listConfirmedFactors(tx.db, user.id)) {
      // A passkey has no code: it answers its own ceremony (passkeys.ts).
      if (factor.kind !== 'totp' || !factor.secretSealed) continue;
      const secret = deps.secretBox.open(user.id, factor.secretSealed);
      if (!secret) continue;
      const step = matchTotp(secret, code, now, factor.lastUsedStep);
      if (step !== null && (await claimTotpStep(tx.db, factor.id, step))) {
        return { kind: 'totp', factorName: factor.name };
      }
    }
    return null;
  }
  if (!recoveryCodePattern.test(code)) return null;
  const hash = hashRecoveryCode(user.id, code);
  const stored = await useRecoveryCode(tx.db, user.id, hash);
  if (!stored || !sameHash(stored, hash)) return null;
  const left = await countUnusedRecoveryCodes(tx.db, user.id);
  await recordSecurityEvent(tx, deps, user, site, { kind: 'recovery_code_used' });
  return { kind: 'recovery', left };
}

/**
 * The operator's reset (issue 27) for an owner who lost every factor: the apps, the
 * recovery codes and the remembered devices go, and the owner is mailed. Answers how
 * many apps were on (0: nothing changed, no mail). The caller authorizes and audits.
 */
export async function removeEverySecondFactor(
  tx: Tx,
  deps: Pick<SecondFactorDeps, 'queue'>,
  user: SecurityEventAccount,
): Promise<number> {
  const removed = await deleteAllSecondFactors(tx.db, user.id);
  if (removed === 0) return 0;
  await recordSecurityEvent(tx, deps, user, siteById(user.siteId), { kind: 'factors_reset' });
  return removed;
}
