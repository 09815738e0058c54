import { messages, type ChangePasswordBody } from '@adboard/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { passwordResets } from '../../db/schema.js';
import { RefusedError } from '../../domain/errors.js';
import type { AccountDeps, SiteContext } from './account-deps.js';
import { hashPassword, passwordProblem } from './passwords.js';
import { hashToken } from './secrets.js';
import { revokeAllSessions } from './sessions.js';
import { findUserByEmail, touchUser } from './users.js';

/**
 * Sets a new password with an emailed reset token: the token works once,
 * within its hour, for its own account; every session of the account ends.
 */
export async function changePassword(
  deps: AccountDeps,
  ctx: SiteContext,
  body: ChangePasswordBody,
): Promise<void> {
  const problem = passwordProblem(body.password, ctx.site.passwordMinLength);
  if (problem) throw new RefusedError(problem, { fields: { password: problem } });
  const passwordHash = await hashPassword(body.password);
  const changed = await deps.database.transaction(async (tx) => {
    const user = await findUserByEmail(tx.db, body.email, { forUpdate: true });
    if (!user || user.bannedAt) return false;
    const [reset] = await tx.db
      .select()
      .from(passwordResets)
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(body.token)),
          eq(passwordResets.userId, user.id),
          isNull(passwordResets.usedAt),
        ),
      )
      .for('update');
    if (!reset || reset.expiresAt.getTime() <= Date.now()) return false;
    await tx.db
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    // The link proves the mailbox, so an unverified account becomes verified too.
    await touchUser(tx.db, user.id, {
      passwordHash,
      ...(user.emailVerifiedAt ? {} : { emailVerifiedAt: new Date() }),
    });
    await revokeAllSessions(tx.db, user.id);
    return true;
  });
  if (!changed) throw new RefusedError(messages.auth.resetFailed);
}
