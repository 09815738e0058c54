import type { ResendCodeBody } from '@adboard/shared';
import type { Tx } from '../../db/database.js';
import type { AccountDeps, SiteContext } from './account-deps.js';
import { issueEmailCode } from './email-codes.js';
import { findUserByEmail } from './user-repository.js';

/** Mails a new code to an unverified account; the answer is the same for any email. */
export async function resendEmailCode(
  tx: Tx,
  deps: Pick<AccountDeps, 'queue'>,
  ctx: SiteContext,
  body: ResendCodeBody,
): Promise<void> {
  const user = await findUserByEmail(tx.db, body.email, { forUpdate: true });
  if (!user || user.emailVerifiedAt || user.bannedAt) return;
  await issueEmailCode(tx, deps.queue, ctx.site, user);
}
