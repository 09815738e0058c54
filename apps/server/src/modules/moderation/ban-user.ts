import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { JobQueue } from '../../jobs/job-queue.js';
import { applyAdEvent } from '../ad-lifecycle/apply-ad-event.js';
import type { Tx } from '../../db/database.js';
import { ads, sessions, users } from '../../db/schema.js';
import type { ActorUser as UserRow } from '../../domain/actor.js';
import { recordAudit } from './audit-log.js';
import { lockUser } from './lock-user.js';
import { authorizeAccountChange } from './policy.js';

/**
 * Bans an account: every session ends at once, login is refused, and its ads
 * leave the public pages (they check the owner's ban). Banning a banned
 * account changes nothing and writes no entry.
 */
export async function banUser(
  tx: Tx,
  deps: { queue: JobQueue },
  actor: UserRow,
  userId: string,
  reason: string,
): Promise<void> {
  const target = await lockUser(tx, userId);
  authorizeAccountChange(actor, target);
  if (target.bannedAt) return;
  const [banned] = await tx.db
    .update(users)
    .set({ bannedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(users.id, target.id))
    .returning({ bannedAt: users.bannedAt });
  // Every ad of theirs: open addresses close (the lifecycle's 'ban_owner'); the
  // public pages and every owner action read the ban itself.
  const owned = await tx.db
    .select({ id: ads.id })
    .from(ads)
    .where(and(eq(ads.ownerId, target.id), ne(ads.status, 'deleted')));
  for (const ad of owned) await applyAdEvent(tx, deps, ad.id, { type: 'ban_owner' });
  const revoked = await tx.db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, target.id), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  await recordAudit(tx, actor, {
    action: 'user.ban',
    targetType: 'user',
    targetId: target.id,
    before: { email: target.email, bannedAt: null },
    after: {
      email: target.email,
      bannedAt: banned?.bannedAt?.toISOString() ?? null,
      sessionsRevoked: revoked.length,
    },
    reason,
  });
}

/** Lifts a ban; sessions stay ended, the user logs in again. */
export async function unbanUser(tx: Tx, actor: UserRow, userId: string): Promise<void> {
  const target = await lockUser(tx, userId);
  authorizeAccountChange(actor, target);
  if (!target.bannedAt) return;
  await tx.db
    .update(users)
    .set({ bannedAt: null, updatedAt: sql`now()` })
    .where(eq(users.id, target.id));
  await recordAudit(tx, actor, {
    action: 'user.unban',
    targetType: 'user',
    targetId: target.id,
    before: { email: target.email, bannedAt: target.bannedAt.toISOString() },
    after: { email: target.email, bannedAt: null },
  });
}
