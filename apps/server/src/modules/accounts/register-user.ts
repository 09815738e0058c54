import { answers, type Language, type RegisterBody, type SessionUser } from '@adboard/shared';
import type { Db, Tx } from '../../db/database.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { RefusedError } from '../../domain/errors.js';
import { enqueueMessage } from '../outbox/enqueue-message.js';
import { attachAnonymousAds } from '../ads/attach-anonymous-ads.js';
import type { AccountDeps, SiteContext } from './account-deps.js';
import { queueAccountMail } from './account-mail.js';
import { listEditTokenAdsOfEmail } from './edit-token-repository.js';
import { issueEmailCode } from './email-codes.js';
import { alreadyRegisteredMail } from './mail-templates.js';
import { hashToken, sameHash } from './secrets.js';
import { createSession } from './sessions.js';
import {
  findUserBannedAt,
  findUserByEmail,
  insertUserIfAbsent,
  type NewUserRow,
  type UserRow,
} from './user-repository.js';
import { normalizeEmail } from './users.js';
import { languageOfAccount } from './keep-account-language.js';

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

/** Who registers: their browser (a session's device name) and the language they register in. */
export interface Registrant {
  userAgent: string | undefined;
  /** The new account keeps it: its mails and SMS, the registration code's first (issue 30). */
  language: Language;
}

/**
 * Creates an advertiser account, whose code the account-mail job then mails.
 * The request does the same work for any email: one insert that does nothing
 * when the email is taken, and one queued job, so the answer and its time do
 * not tell whether the email has an account. The job tells an existing
 * account's owner by mail instead, and nothing about that account changes
 * (mailRegistration).
 *
 * With `token` (an anonymously posted ad's edit token, from the emailed
 * /completeregistration link) the token must be that email's live ad's, else
 * nothing is created. When that ad's activation link already proved the
 * mailbox and the email has no account yet, the new account is verified, owns
 * the email's ads and is signed in at once: the answer is the session, and no
 * code is mailed.
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
  registrant: Registrant,
): Promise<SessionUser | null> {
  // An empty token is no token: the plain register form may send one.
  if (body.token) {
    const signedIn = await completeRegistration(tx, ctx, body, body.token, {
      passwordHash,
      registrant,
    });
    if (signedIn) return signedIn;
  }
  await insertUserIfAbsent(
    tx.db,
    newAdvertiser(ctx, body.email, passwordHash, null, registrant.language),
  );
  await queueAccountMail(tx, deps.queue, ctx, 'registration', body.email);
  return null;
}

function newAdvertiser(
  ctx: SiteContext,
  email: string,
  passwordHash: string,
  emailVerifiedAt: Date | null,
  language: Language,
): NewUserRow {
  return {
    email: email.trim(),
    emailNormalized: normalizeEmail(email),
    passwordHash,
    role: 'advertiser',
    siteId: ctx.site.id,
    emailVerifiedAt,
    language,
  };
}

/**
 * Registration with an ad's edit token: refused unless the token is this email's
 * live ad's and its owner is not suspended. Signs the new account in when the
 * ad's activation link proved the mailbox and the email has no account yet;
 * otherwise null, and the registration goes on as a plain one. Only the token's
 * holder learns here whether the email has an account.
 */
async function completeRegistration(
  tx: Tx,
  ctx: SiteContext,
  body: RegisterBody,
  editToken: string,
  { passwordHash, registrant }: { passwordHash: string; registrant: Registrant },
): Promise<SessionUser | null> {
  const ad = await adOfEditToken(tx.db, body.email, editToken);
  if (!ad) throw new RefusedError(answers.auth.completeRegistrationFailed);
  const existing = await findUserByEmail(tx.db, body.email, { forUpdate: true });
  if (await ownerBanned(tx.db, ad, existing)) {
    throw new RefusedError(answers.auth.completeRegistrationFailed);
  }
  if (!ad.emailVerifiedAt || existing) return null;
  const user = await insertUserIfAbsent(
    tx.db,
    newAdvertiser(ctx, body.email, passwordHash, new Date(), registrant.language),
  );
  if (!user) throw new RefusedError(answers.auth.registerFailed);
  // The ad's activation link proved this mailbox, as an emailed code would.
  await attachAnonymousAds(tx.db, user, 'mailbox');
  const token = await createSession(tx.db, user.id, registrant.userAgent);
  return { token, email: user.email, user_id: user.id };
}

/**
 * The job's part: the account of a registered email gets its code while it is
 * not verified (a new account, or one whose owner never entered the code); a
 * verified one gets a note that someone tried to register with its address.
 */
export async function mailRegistration(
  tx: Tx,
  queue: JobQueue,
  ctx: SiteContext,
  email: string,
): Promise<void> {
  const user = await findUserByEmail(tx.db, email, { forUpdate: true });
  if (!user) return;
  if (!user.emailVerifiedAt) {
    await issueEmailCode(tx, queue, ctx.site, user);
    return;
  }
  const mail = alreadyRegisteredMail(
    ctx.site,
    languageOfAccount(ctx.site, user),
    `${ctx.appOrigin}/forgotpassword`,
  );
  await enqueueMessage(tx, queue, {
    channel: 'email',
    kind: 'already_registered',
    siteId: ctx.site.id,
    to: user.email,
    ...mail,
    // The person registering waits for a code: this is what comes instead.
    waitedFor: true,
  });
}
