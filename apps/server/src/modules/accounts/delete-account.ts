import { accountMessages, limits } from '@adboard/shared';
import type { Tx } from '../../db/database.js';
import { ForbiddenError, UnauthorizedError } from '../../domain/errors.js';
import { applyAdEvent, type AdEventDeps } from '../ad-lifecycle/apply-ad-event.js';
import { recordAudit } from '../moderation/audit-log.js';
import { listUndeletedAdIdsOwnedBy, markUserDeleted } from './account-deletion-repository.js';
import { noticeAccountDeleted } from './account-notices.js';
import { consumeOpenEmailCodes } from './email-code-repository.js';
import { usePasswordResetsOfUser } from './password-reset-repository.js';
import { revokeAllSessions } from './sessions.js';
import { findUserById } from './user-repository.js';

const DAY_MS = 24 * 60 * 60_000;

/**
 * "Delete account" (issue 27), after `reauthenticate`: every ad of the account comes
 * down through the lifecycle table's `delete` (the advertiser's own delete, with its
 * effects: open orders closed, unused paid time on refund records, the ad's purge
 * scheduled); then the account is closed at once: deleted, every session ended, its
 * reset links and codes spent, so no sign-in, reset or code opens it again. Its
 * personal data is erased `limits.accountErasureGraceDays` later by the erasure job
 * (erase-deleted-accounts.ts). Signing in within the grace period does not undo it.
 * Staff accounts are refused: an administrator changes their role first.
 */
export async function deleteAccount(tx: Tx, deps: AdEventDeps, userId: string): Promise<void> {
  const user = await findUserById(tx.db, userId, { forUpdate: true });
  if (!user || user.deletedAt) throw new UnauthorizedError(accountMessages.deletion.signInRefused);
  if (user.role !== 'advertiser') throw new ForbiddenError(accountMessages.deletion.staffRefused);

  const adIds = await listUndeletedAdIdsOwnedBy(tx.db, user.id);
  // The owner's own delete, whatever site each ad is on (the query is the ownership check).
  for (const adId of adIds) await applyAdEvent(tx, deps, adId, { type: 'delete' });

  const deletedAt = (await markUserDeleted(tx.db, user.id)) ?? new Date();
  const eraseFrom = new Date(deletedAt.getTime() + limits.accountErasureGraceDays * DAY_MS);
  await revokeAllSessions(tx.db, user.id);
  await usePasswordResetsOfUser(tx.db, user.id);
  await consumeOpenEmailCodes(tx.db, user.id);
  await recordAudit(
    tx,
    { id: user.id, email: user.email },
    {
      action: 'user.delete',
      targetType: 'user',
      targetId: user.id,
      before: { deletedAt: null },
      after: {
        deletedAt: deletedAt.toISOString(),
        eraseFrom: eraseFrom.toISOString(),
        adsTakenDown: adIds.map(String),
      },
    },
  );
  await noticeAccountDeleted(tx, deps.queue, user, eraseFrom);
}
