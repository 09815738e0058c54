import { messages, type RegisterBody, type SessionUser } from '@adboard/shared';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { ads, users } from '../../db/schema.js';
import { RefusedError } from '../../domain/errors.js';
import { enqueueMessage } from '../outbox/enqueue-message.js';
import { attachAnonymousAds } from '../ads/attach-anonymous-ads.js';
import type { AccountDeps, SiteContext } from './account-deps.js';
import { issueEmailCode } from './email-codes.js';
import { alreadyRegisteredMail } from './mail-templates.js';
import { hashPassword, passwordProblem } from './passwords.js';
import { hashToken, sameHash } from './secrets.js';
import { createSession } from './sessions.js';
import { findUserByEmail, normalizeEmail, type UserRow } from './users.js';

interface TokenAd {
  ownerId: string | null;
  emailVerifiedAt: Date | null;
}

/**
 * The live ad of this email whose edit token this is (constant-time compare),
 * or null: unknown, deleted, expired or another email's token.
 */
async function adOfEditToken(db: Db, email: string, token: string): Promise<TokenAd | null> {
  const candidates = await db
    .select({
      ownerId: ads.ownerId,
      emailVerifiedAt: ads.emailVerifiedAt,
      status: ads.status,
      deletedAt: ads.deletedAt,
      editTokenHash: ads.editTokenHash,
      editTokenExpiresAt: ads.editTokenExpiresAt,
    })
    .from(ads)
    .where(and(eq(ads.emailNormalized, normalizeEmail(email)), isNotNull(ads.editTokenHash)));
  const tokenHash = hashToken(token);
  const now = Date.now();
  const ad = candidates.find((row) => row.editTokenHash && sameHash(row.editTokenHash, tokenHash));
  if (!ad || ad.status === 'deleted' || ad.deletedAt) return null;
  if (ad.editTokenExpiresAt && ad.editTokenExpiresAt.getTime() <= now) return null;
  return { ownerId: ad.ownerId, emailVerifiedAt: ad.emailVerifiedAt };
}

/** The account that owns (or would own) the ad is suspended. */
async function ownerBanned(db: Db, ad: TokenAd, existing: UserRow | undefined): Promise<boolean> {
  if (existing?.bannedAt) return true;
  if (!ad.ownerId || ad.ownerId === existing?.id) return false;
  const [owner] = await db
    .select({ bannedAt: users.bannedAt })
    .from(users)
    .where(eq(users.id, ad.ownerId));
  return Boolean(owner?.bannedAt);
}

/**
 * Creates an advertiser account and mails its verification code. An email
 * that already has an account gets the same answer (no account discovery);
 * its owner is told by mail instead, and nothing about the account changes.
 *
 * With `token` (an anonymously posted ad's edit token, from the emailed
 * /completeregistration link) the token must be that email's live ad's, else
 * nothing is created. When that ad's activation link already proved the
 * mailbox, the new account is verified, owns the email's ads and is signed in
 * at once: the answer is the session, and no code is mailed.
 */
export async function registerUser(
  deps: AccountDeps,
  ctx: SiteContext,
  body: RegisterBody,
): Promise<SessionUser | null> {
  const problem = passwordProblem(body.password, ctx.site.passwordMinLength);
  if (problem) throw new RefusedError(problem, { fields: { password: problem } });
  const passwordHash = await hashPassword(body.password);
  // An empty token is no token: the plain register form may send one.
  const editToken = body.token ? body.token : null;
  return deps.database.transaction(async (tx) => {
    const ad = editToken ? await adOfEditToken(tx.db, body.email, editToken) : null;
    if (editToken && !ad) throw new RefusedError(messages.auth.completeRegistrationFailed);
    const existing = await findUserByEmail(tx.db, body.email, { forUpdate: true });
    if (ad && (await ownerBanned(tx.db, ad, existing))) {
      throw new RefusedError(messages.auth.completeRegistrationFailed);
    }
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
      return null;
    }
    const mailboxProven = Boolean(ad?.emailVerifiedAt);
    const [user] = await tx.db
      .insert(users)
      .values({
        email: body.email.trim(),
        emailNormalized: normalizeEmail(body.email),
        passwordHash,
        role: 'advertiser',
        siteId: ctx.site.id,
        emailVerifiedAt: mailboxProven ? new Date() : null,
      })
      .onConflictDoNothing()
      .returning();
    if (!user) throw new RefusedError(messages.auth.registerFailed);
    if (!mailboxProven) {
      await issueEmailCode(tx, deps.queue, ctx.site, user);
      return null;
    }
    // The ad's activation link proved this mailbox, as an emailed code would.
    await attachAnonymousAds(tx.db, user, 'mailbox');
    const token = await createSession(tx.db, user.id);
    return { token, email: user.email, user_id: user.id };
  });
}
