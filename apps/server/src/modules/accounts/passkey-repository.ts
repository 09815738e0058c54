import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { passkeyCeremonies, secondFactors, type PasskeyCeremonyPurpose } from '../../db/schema.js';
import type { SecondFactorRow } from './second-factor-repository.js';

/** A passkey as the ceremonies need it (a second_factors row of kind 'passkey'). */
export interface StoredPasskey {
  id: string;
  userId: string;
  name: string;
  credentialId: string;
  publicKey: string;
  signCount: number;
  transports: string[];
}

function toPasskey(row: SecondFactorRow): StoredPasskey | undefined {
  if (row.kind !== 'passkey' || !row.credentialId || !row.publicKey) return undefined;
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    credentialId: row.credentialId,
    publicKey: row.publicKey,
    signCount: row.signCount ?? 0,
    transports: row.transports ? row.transports.split(' ') : [],
  };
}

/** The account's passkeys, oldest first. */
export async function listPasskeys(db: Db, userId: string): Promise<StoredPasskey[]> {
  const rows = await db
    .select()
    .from(secondFactors)
    .where(and(eq(secondFactors.userId, userId), eq(secondFactors.kind, 'passkey')))
    .orderBy(asc(secondFactors.createdAt), asc(secondFactors.id));
  return rows.flatMap((row) => toPasskey(row) ?? []);
}

/** The passkey of this credential id (any account's), locked for its counter's update. */
export async function findPasskeyByCredentialId(
  db: Db,
  credentialId: string,
): Promise<StoredPasskey | undefined> {
  const [row] = await db
    .select()
    .from(secondFactors)
    .where(and(eq(secondFactors.credentialId, credentialId), eq(secondFactors.kind, 'passkey')))
    .for('update');
  return row ? toPasskey(row) : undefined;
}

export async function insertPasskey(db: Db, row: Omit<StoredPasskey, 'id'>): Promise<void> {
  await db.insert(secondFactors).values({
    userId: row.userId,
    kind: 'passkey',
    name: row.name,
    credentialId: row.credentialId,
    publicKey: row.publicKey,
    signCount: row.signCount,
    transports: row.transports.length > 0 ? row.transports.join(' ') : null,
    confirmedAt: sql`now()`,
  });
}

/** The authenticator's new signature counter, after a sign-in it signed. */
export async function recordPasskeyUse(db: Db, id: string, signCount: number): Promise<void> {
  await db
    .update(secondFactors)
    .set({ signCount, lastUsedAt: sql`now()` })
    .where(eq(secondFactors.id, id));
}

export async function insertCeremony(
  db: Db,
  row: {
    purpose: PasskeyCeremonyPurpose;
    userId: string | null;
    siteId: string;
    challenge: string;
    expiresAt: Date;
  },
): Promise<string> {
  // Ceremonies a browser never answered are dropped as new ones start.
  await db.delete(passkeyCeremonies).where(sql`${passkeyCeremonies.expiresAt} < now()`);
  const [inserted] = await db
    .insert(passkeyCeremonies)
    .values(row)
    .returning({ id: passkeyCeremonies.id });
  if (!inserted) throw new Error('passkey ceremony not inserted');
  return inserted.id;
}

/**
 * Takes the ceremony of this id, purpose and site, unexpired and unanswered, in one
 * conditional UPDATE (answered once, on any server); answers its challenge and account.
 */
export async function takeCeremony(
  db: Db,
  where: { id: string; purpose: PasskeyCeremonyPurpose; siteId: string },
): Promise<{ challenge: string; userId: string | null } | undefined> {
  const [row] = await db
    .update(passkeyCeremonies)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passkeyCeremonies.id, where.id),
        eq(passkeyCeremonies.purpose, where.purpose),
        eq(passkeyCeremonies.siteId, where.siteId),
        isNull(passkeyCeremonies.usedAt),
        gt(passkeyCeremonies.expiresAt, sql`now()`),
      ),
    )
    .returning({ challenge: passkeyCeremonies.challenge, userId: passkeyCeremonies.userId });
  return row;
}
