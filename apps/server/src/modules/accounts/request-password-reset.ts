import { limits, type ResetPasswordBody } from '@adboard/shared';
import type { Tx } from '../../db/database.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { enqueueMessage } from '../outbox/enqueue-message.js';
import type { AccountDeps, SiteContext } from './account-deps.js';
import { queueAccountMail } from './account-mail.js';
import { passwordResetMail } from './mail-templates.js';
import { insertPasswordReset } from './password-reset-repository.js';
import { hashToken, newToken } from './secrets.js';
import { findUserByEmail, type UserRow } from './user-repository.js';
import { languageOfAccount } from './keep-account-language.js';

/**
 * Asks for a reset link. The request does the same work for every email (one
 * queued job) and so answers alike in content and time; the job mails the link
 * when the email has an account (mailPasswordReset).
 */
export async function requestPasswordReset(
  tx: Tx,
  deps: Pick<AccountDeps, 'queue'>,
  ctx: SiteContext,
  body: ResetPasswordBody,
): Promise<void> {
  await queueAccountMail(tx, deps.queue, ctx, 'password-reset', body.email);
}

/**
 * A one-use, one-hour link that sets the account's password (the reset page's):
 * only the token's hash is stored, in the caller's transaction. Its expiry goes with
 * the mail that carries it (the outbox refuses to send it again after that).
 */
export async function issuePasswordResetLink(
  tx: Tx,
  appOrigin: string,
  user: Pick<UserRow, 'id' | 'email'>,
): Promise<{ link: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + limits.passwordResetTtlMinutes * 60_000);
  await insertPasswordReset(tx.db, { userId: user.id, tokenHash: hashToken(token), expiresAt });
  const link = `${appOrigin}/resetpassword?${new URLSearchParams({ email: user.email, edit: token })}`;
  return { link, expiresAt };
}

/** The job's part: mails a one-use, one-hour reset link to the account's owner, if any. */
export async function mailPasswordReset(
  tx: Tx,
  queue: JobQueue,
  ctx: SiteContext,
  email: string,
): Promise<void> {
  const user = await findUserByEmail(tx.db, email);
  if (!user || user.bannedAt || user.deletedAt) return;
  const { link, expiresAt } = await issuePasswordResetLink(tx, ctx.appOrigin, user);
  const mail = passwordResetMail(ctx.site, languageOfAccount(ctx.site, user), link);
  await enqueueMessage(tx, queue, {
    channel: 'email',
    kind: 'password_reset',
    siteId: ctx.site.id,
    to: user.email,
    ...mail,
    waitedFor: true,
    expiresAt,
  });
}
