import { limits } from '@adboard/shared';
import type { Tx } from '../../db/database.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { enqueueMessage } from '../outbox/enqueue-message.js';
import type { SiteConfig } from '../sites/site-registry.js';
import {
  consumeOpenEmailCodes,
  countEmailCodeAttempt,
  insertEmailCode,
  lockNewestOpenEmailCode,
  markEmailCodeConsumed,
} from './email-code-repository.js';
import { verificationCodeMail } from './mail-templates.js';
import { hashCode, newCode, sameHash } from './secrets.js';
import type { UserRow } from './user-repository.js';
import { languageOfAccount } from './keep-account-language.js';

/** Issues a fresh code (older ones stop working) and mails it in the same transaction. */
export async function issueEmailCode(tx: Tx, queue: JobQueue, site: SiteConfig, user: UserRow) {
  const code = newCode();
  const expiresAt = new Date(Date.now() + limits.verificationCodeTtlMinutes * 60_000);
  await consumeOpenEmailCodes(tx.db, user.id);
  await insertEmailCode(tx.db, { userId: user.id, codeHash: hashCode(user.id, code), expiresAt });
  const mail = verificationCodeMail(site, languageOfAccount(site, user), code);
  await enqueueMessage(tx, queue, {
    channel: 'email',
    kind: 'email_code',
    siteId: site.id,
    to: user.email,
    ...mail,
    waitedFor: true,
    expiresAt,
  });
}

/**
 * Checks a code against the account's newest one. A wrong guess is counted;
 * after the maximum number of tries, or once expired, only a new code works.
 */
export async function consumeEmailCode(tx: Tx, user: UserRow, code: string): Promise<boolean> {
  const current = await lockNewestOpenEmailCode(tx.db, user.id);
  if (!current) return false;
  if (current.expiresAt.getTime() <= Date.now()) return false;
  if (current.attempts >= limits.verificationCodeMaxAttempts) return false;
  if (!sameHash(current.codeHash, hashCode(user.id, code))) {
    await countEmailCodeAttempt(tx.db, current.id);
    return false;
  }
  await markEmailCodeConsumed(tx.db, current.id);
  return true;
}
