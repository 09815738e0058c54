import { and, eq, inArray, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import {
  adReports,
  ads,
  analyticsEvents,
  emailCodes,
  outboxMessages,
  passkeyCeremonies,
  passwordResets,
  sessions,
  signInChallenges,
  users,
} from '../../db/schema.js';
import { deleteAllSecondFactors } from './second-factor-repository.js';

/** The account's ads not yet deleted (the deletion takes each down through the lifecycle). */
export async function listUndeletedAdIdsOwnedBy(db: Db, userId: string): Promise<number[]> {
  const rows = await db
    .select({ id: ads.id })
    .from(ads)
    .where(and(eq(ads.ownerId, userId), ne(ads.status, 'deleted')))
    .orderBy(ads.id);
  return rows.map((row) => row.id);
}

/** Marks the account deleted (closed at once); false when it already was. */
export async function markUserDeleted(db: Db, userId: string): Promise<Date | null> {
  const [row] = await db
    .update(users)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning({ deletedAt: users.deletedAt });
  return row?.deletedAt ?? null;
}

/** Deleted accounts whose grace period ended at `deletedBefore`, oldest first. */
export async function listAccountsDueForErasure(
  db: Db,
  deletedBefore: Date,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(isNotNull(users.deletedAt), isNull(users.erasedAt), lte(users.deletedAt, deletedBefore)),
    )
    .orderBy(users.deletedAt)
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The deleted, not yet erased account, locked for its erasure; undefined when done already. */
export async function lockAccountToErase(db: Db, userId: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.deletedAt), isNull(users.erasedAt)))
    .for('update');
  return row;
}

/** Every ad the account owns, with the contacts its messages went to. */
export async function listAdContactsOwnedBy(db: Db, userId: string) {
  return db
    .select({ id: ads.id, status: ads.status, email: ads.email, phoneE164: ads.phoneE164 })
    .from(ads)
    .where(eq(ads.ownerId, userId));
}

/**
 * The account's row keeps its id (orders, refunds, audit entries and reviews point at
 * it) and nothing personal: an address no one can have (`.invalid`, RFC 2606), a
 * normalised email no email normalises to (no `@`), no password hash.
 */
export async function replaceUserPersonalData(db: Db, userId: string): Promise<string> {
  const replacement = erasedEmailOf(userId);
  await db
    .update(users)
    .set({
      email: replacement,
      emailNormalized: `erased:${userId}`,
      passwordHash: '',
      erasedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
  return replacement;
}

export function erasedEmailOf(userId: string): string {
  return `erased-${userId}@erased.invalid`;
}

/**
 * Sessions (their devices), codes and reset links of the account, its second factors
 * (apps, passkeys, recovery codes, remembered devices) and its unanswered ceremonies.
 */
export async function deleteAccountSecretsAndSessions(db: Db, userId: string): Promise<void> {
  await deleteAllSecondFactors(db, userId);
  await db.delete(signInChallenges).where(eq(signInChallenges.userId, userId));
  await db.delete(passkeyCeremonies).where(eq(passkeyCeremonies.userId, userId));
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await db.delete(emailCodes).where(eq(emailCodes.userId, userId));
  await db.delete(passwordResets).where(eq(passwordResets.userId, userId));
}

/**
 * Mail and texts to the account's email or its ads' contacts, sent or not: a week after
 * the deletion nothing still waiting is worth keeping personal data for.
 */
export async function deleteMessagesTo(db: Db, recipients: readonly string[]): Promise<void> {
  if (recipients.length === 0) return;
  await db.delete(outboxMessages).where(inArray(outboxMessages.recipient, [...recipients]));
}

/** What reporters wrote about the ads (it may describe the advertiser); the reports stay. */
export async function clearReportDetailsOfAds(db: Db, adIds: readonly number[]): Promise<void> {
  if (adIds.length === 0) return;
  await db
    .update(adReports)
    .set({ details: '' })
    .where(inArray(adReports.adId, [...adIds]));
}

/** Analytics events keep their counts, no longer the account. */
export async function detachAnalyticsOfUser(db: Db, userId: string): Promise<void> {
  await db.update(analyticsEvents).set({ userId: null }).where(eq(analyticsEvents.userId, userId));
}

/**
 * Replaces the email in the audit entries that name it (as the actor, or as a value of
 * `before`/`after`), through the one exception migration 0019 makes to the append-only
 * log; nothing else of an entry changes.
 */
export async function redactEmailInAudit(
  db: Db,
  email: string,
  replacement: string,
): Promise<void> {
  const quoted = JSON.stringify(email);
  const replacedQuoted = JSON.stringify(replacement);
  await db.execute(sql`SELECT set_config('adboard.audit_erasure', 'on', true)`);
  await db.execute(sql`
    UPDATE audit_log SET
      actor_email = CASE WHEN actor_email = ${email} THEN ${replacement} ELSE actor_email END,
      before = CASE WHEN strpos(before::text, ${quoted}) > 0
                    THEN replace(before::text, ${quoted}, ${replacedQuoted})::jsonb ELSE before END,
      after = CASE WHEN strpos(after::text, ${quoted}) > 0
                   THEN replace(after::text, ${quoted}, ${replacedQuoted})::jsonb ELSE after END
    WHERE actor_email = ${email}
       OR strpos(before::text, ${quoted}) > 0
       OR strpos(after::text, ${quoted}) > 0`);
  await db.execute(sql`SELECT set_config('adboard.audit_erasure', 'off', true)`);
}
