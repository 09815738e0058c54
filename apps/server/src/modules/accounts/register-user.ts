import { messages, type RegisterBody } from '@adboard/shared';
import { users } from '../../db/schema.js';
import { RefusedError } from '../../http/errors.js';
import { enqueueMessage } from '../outbox/enqueue-message.js';
import type { AccountDeps, SiteContext } from './account-deps.js';
import { issueEmailCode } from './email-codes.js';
import { alreadyRegisteredMail } from './mail-templates.js';
import { hashPassword, passwordProblem } from './passwords.js';
import { findUserByEmail, normalizeEmail } from './users.js';

/**
 * Creates an advertiser account and mails its verification code. An email
 * that already has an account gets the same answer (no account discovery);
 * its owner is told by mail instead, and nothing about the account changes.
 */
export async function registerUser(
  deps: AccountDeps,
  ctx: SiteContext,
  body: RegisterBody,
): Promise<void> {
  const problem = passwordProblem(body.password, ctx.site.passwordMinLength);
  if (problem) throw new RefusedError(problem, { fields: { password: problem } });
  const passwordHash = await hashPassword(body.password);
  await deps.database.transaction(async (tx) => {
    const existing = await findUserByEmail(tx.db, body.email, { forUpdate: true });
    if (existing) {
      if (existing.emailVerifiedAt) {
        const mail = alreadyRegisteredMail(ctx.site, `${ctx.appOrigin}/forgotpassword`);
        await enqueueMessage(tx, deps.queue, {
          channel: 'email',
          siteId: ctx.site.id,
          to: existing.email,
          ...mail,
        });
      } else {
        await issueEmailCode(tx, deps.queue, ctx.site, existing);
      }
      return;
    }
    const [user] = await tx.db
      .insert(users)
      .values({
        email: body.email.trim(),
        emailNormalized: normalizeEmail(body.email),
        passwordHash,
        role: 'advertiser',
        siteId: ctx.site.id,
      })
      .onConflictDoNothing()
      .returning();
    if (!user) throw new RefusedError(messages.auth.registerFailed);
    await issueEmailCode(tx, deps.queue, ctx.site, user);
  });
}
