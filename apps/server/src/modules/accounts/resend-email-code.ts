import type { ResendCodeBody } from '@adboard/shared';
import type { Tx } from '../../db/database.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { AccountDeps, SiteContext } from './account-deps.js';
import { queueAccountMail } from './account-mail.js';
import { issueEmailCode } from './email-codes.js';
import { findUserByEmail } from './user-repository.js';

/**
 * Asks for a new code. The same work for every email (one queued job), so the
 * answer and its time are alike; the job mails the code (mailEmailCode).
 */
export async function resendEmailCode(
  tx: Tx,
  deps: Pick<AccountDeps, 'queue'>,
  ctx: SiteContext,
  body: ResendCodeBody,
): Promise<void> {
  await queueAccountMail(tx, deps.queue, ctx, 'email-code', body.email);
}

/** The job's part: mails a new code to an account that is not verified yet (nothing otherwise). */
export async function mailEmailCode(
  tx: Tx,
  queue: JobQueue,
  ctx: SiteContext,
  email: string,
): Promise<void> {
  const user = await findUserByEmail(tx.db, email, { forUpdate: true });
  if (!user || user.emailVerifiedAt || user.bannedAt || user.deletedAt) return;
  await issueEmailCode(tx, queue, ctx.site, user);
}
