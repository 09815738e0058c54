import type { ResendCodeBody } from '@adboard/shared';
import type { AccountDeps, SiteContext } from './account-deps.js';
import { issueEmailCode } from './email-codes.js';
import { findUserByEmail } from './users.js';

/** Mails a new code to an unverified account; the answer is the same for any email. */
export async function resendEmailCode(
  deps: AccountDeps,
  ctx: SiteContext,
  body: ResendCodeBody,
): Promise<void> {
  await deps.database.transaction(async (tx) => {
    const user = await findUserByEmail(tx.db, body.email, { forUpdate: true });
    if (!user || user.emailVerifiedAt || user.bannedAt) return;
    await issueEmailCode(tx, deps.queue, ctx.site, user);
  });
}
