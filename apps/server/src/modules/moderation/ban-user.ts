import { applyAdEvent, type AdEventDeps } from '../ad-lifecycle/apply-ad-event.js';
import type { Tx } from '../../db/database.js';
import type { Operator } from '../../domain/actor.js';
import { recordAudit } from './audit-log.js';
import { lockUser } from './lock-user.js';
import { authorizeAccountChange } from './policy.js';
import {
  clearUserBan,
  listUndeletedAdIdsOfOwner,
  markUserBanned,
  revokeSessionsOfUser,
} from './user-admin-repository.js';

/**
 * Bans an account: every session ends at once, login is refused, and its ads
 * leave the public pages (they check the owner's ban). Banning a banned
 * account changes nothing and writes no entry (false).
 */
export async function banUser(
  tx: Tx,
  deps: AdEventDeps,
  actor: Operator,
  userId: string,
  reason: string,
): Promise<boolean> {
  const target = await lockUser(tx, userId);
  authorizeAccountChange(actor, target);
  if (target.bannedAt) return false;
  const bannedAt = await markUserBanned(tx.db, target.id);
  // Every ad of theirs: open addresses close (the lifecycle's 'ban_owner'); the
  // public pages and every owner action read the ban itself.
  for (const adId of await listUndeletedAdIdsOfOwner(tx.db, target.id)) {
    await applyAdEvent(tx, deps, adId, { type: 'ban_owner' });
  }
  const sessionsRevoked = await revokeSessionsOfUser(tx.db, target.id);
  await recordAudit(tx, actor, {
    action: 'user.ban',
    targetType: 'user',
    targetId: target.id,
    before: { email: target.email, bannedAt: null },
    after: {
      email: target.email,
      bannedAt: bannedAt?.toISOString() ?? null,
      sessionsRevoked,
    },
    reason,
  });
  return true;
}

/**
 * Lifts a ban; sessions stay ended, the user logs in again. The command line gives a
 * reason, kept in the entry. False: the account was not banned, nothing written.
 */
export async function unbanUser(
  tx: Tx,
  actor: Operator,
  userId: string,
  reason: string | null = null,
): Promise<boolean> {
  const target = await lockUser(tx, userId);
  authorizeAccountChange(actor, target);
  if (!target.bannedAt) return false;
  await clearUserBan(tx.db, target.id);
  await recordAudit(tx, actor, {
    action: 'user.unban',
    targetType: 'user',
    targetId: target.id,
    before: { email: target.email, bannedAt: target.bannedAt.toISOString() },
    after: { email: target.email, bannedAt: null },
    reason,
  });
  return true;
}
