import { limits } from '@adboard/shared';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.js';
import { emailCodes } from '../../db/schema.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { enqueueMessage } from '../outbox/enqueue-message.js';
import type { SiteConfig } from '../sites/site-registry.js';
import { verificationCodeMail } from './mail-templates.js';
import { hashCode, newCode, sameHash } from './secrets.js';
import type { UserRow } from './users.js';

/** Issues a fresh code (older ones stop working) and mails it in the same transaction. */
export async function issueEmailCode(tx: Tx, queue: JobQueue, site: SiteConfig, user: UserRow) {
  const code = newCode();
  await tx.db
    .update(emailCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(emailCodes.userId, user.id), isNull(emailCodes.consumedAt)));
  await tx.db.insert(emailCodes).values({
    userId: user.id,
    codeHash: hashCode(user.id, code),
    expiresAt: new Date(Date.now() + limits.verificationCodeTtlMinutes * 60_000),
  });
  const mail = verificationCodeMail(site, code);
  await enqueueMessage(tx, queue, { channel: 'email', siteId: site.id, to: user.email, ...mail });
}

/**
 * Checks a code against the account's newest one. A wrong guess is counted;
 * after the maximum number of tries, or once expired, only a new code works.
 */
export async function consumeEmailCode(tx: Tx, user: UserRow, code: string): Promise<boolean> {
  const [current] = await tx.db
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.userId, user.id), isNull(emailCodes.consumedAt)))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1)
    .for('update');
  if (!current) return false;
  if (current.expiresAt.getTime() <= Date.now()) return false;
  if (current.attempts >= limits.verificationCodeMaxAttempts) return false;
  if (!sameHash(current.codeHash, hashCode(user.id, code))) {
    await tx.db
      .update(emailCodes)
      .set({ attempts: sql`${emailCodes.attempts} + 1` })
      .where(eq(emailCodes.id, current.id));
    return false;
  }
  await tx.db
    .update(emailCodes)
    .set({ consumedAt: sql`now()` })
    .where(eq(emailCodes.id, current.id));
  return true;
}
