import { limits, type ResetPasswordBody } from '@adboard/shared';
import type { Tx } from '../../db/database.js';
import { enqueueMessage } from '../outbox/enqueue-message.js';
import type { AccountDeps, SiteContext } from './account-deps.js';
import { passwordResetMail } from './mail-templates.js';
import { insertPasswordReset } from './password-reset-repository.js';
import { hashToken, newToken } from './secrets.js';
import { findUserByEmail } from './user-repository.js';

/** Mails a one-use, one-hour reset link. Answers the same whether or not the email has an account. */
export async function requestPasswordReset(
  tx: Tx,
  deps: Pick<AccountDeps, 'queue'>,
  ctx: SiteContext,
  body: ResetPasswordBody,
): Promise<void> {
  const user = await findUserByEmail(tx.db, body.email);
  if (!user || user.bannedAt) return;
  const token = newToken();
  await insertPasswordReset(tx.db, {
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + limits.passwordResetTtlMinutes * 60_000),
  });
  const link = `${ctx.appOrigin}/resetpassword?${new URLSearchParams({ email: user.email, edit: token })}`;
  const mail = passwordResetMail(ctx.site, link);
  await enqueueMessage(tx, deps.queue, {
    channel: 'email',
    siteId: ctx.site.id,
    to: user.email,
    ...mail,
  });
}
