import { messages, type RegisterBody, type SessionUser } from '@adboard/shared';
import type { Db, Tx } from '../../db/database.js';
import { RefusedError } from '../../domain/errors.js';
import { enqueueMessage } from '../outbox/enqueue-message.js';
import { attachAnonymousAds } from '../ads/attach-anonymous-ads.js';
import type { AccountDeps, SiteContext } from './account-deps.js';
import { listEditTokenAdsOfEmail } from './edit-token-repository.js';
import { issueEmailCode } from './email-codes.js';
import { alreadyRegisteredMail } from './mail-templates.js';
import { hashToken, sameHash } from './secrets.js';
import { createSession } from './sessions.js';
import {
  findUserBannedAt,
  findUserByEmail,
  insertUserIfAbsent,
  type UserRow,
} from './user-repository.js';
import { normalizeEmail } from './users.js';

interface TokenAd {
  ownerId: string | null;
  emailVerifiedAt: Date | null;
}

/**
 * The live ad of this email whose edit token this is (constant-time compare),
 * or null: unknown, deleted, expired or another email's token.
 */
async function adOfEditToken(db: Db, email: string, token: string): Promise<TokenAd | null> {
  const candidates = await listEditTokenAdsOfEmail(db, normalizeEmail(email));
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
  return Boolean(await findUserBannedAt(db, ad.ownerId));
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
 *
 * `passwordHash` is the body's password, checked and hashed before the
 * transaction (hashNewPassword).
 */
export async function registerUser(
  tx: Tx,
  deps: Pick<AccountDeps, 'queue'>,
  ctx: SiteContext,
  body: RegisterBody,
  passwordHash: string,
): Promise<SessionUser | null> {
  // An empty token is no token: the plain register form may send one.
  const editToken = body.token ? body.token : null;
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
  const user = await insertUserIfAbsent(tx.db, {
    email: body.email.trim(),
    emailNormalized: normalizeEmail(body.email),
    passwordHash,
    role: 'advertiser',
    siteId: ctx.site.id,
    emailVerifiedAt: mailboxProven ? new Date() : null,
  });
  if (!user) throw new RefusedError(messages.auth.registerFailed);
  if (!mailboxProven) {
    await issueEmailCode(tx, deps.queue, ctx.site, user);
    return null;
  }
  // The ad's activation link proved this mailbox, as an emailed code would.
  await attachAnonymousAds(tx.db, user, 'mailbox');
  const token = await createSession(tx.db, user.id);
  return { token, email: user.email, user_id: user.id };
}
