import { moderationMessages, type StaffRole } from '@adboard/shared';
import type { Tx } from '../../db/database.js';
import type { Operator } from '../../domain/actor.js';
import { ForbiddenError } from '../../domain/errors.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { jobAppOrigin } from '../lifecycle/job-origin.js';
import { recordAudit } from '../moderation/audit-log.js';
import { canAdminister } from '../moderation/policy.js';
import { enqueueMessage } from '../outbox/enqueue-message.js';
import type { SiteConfig } from '../sites/site-registry.js';
import { staffInvitationMail } from './mail-templates.js';
import { issuePasswordResetLink } from './request-password-reset.js';
import { insertUserIfAbsent, type UserRow } from './user-repository.js';
import { normalizeEmail } from './users.js';

export interface StaffAccount {
  email: string;
  role: StaffRole;
  /** Its site as served: the frame of its mails and the origin of their links. */
  site: SiteConfig;
  /**
   * Hashed before the transaction (argon2id is slow): the chosen password's, or with
   * `invite` an unusable one (unusablePasswordHash).
   */
  passwordHash: string;
  /** Mail the owner a one-time link to choose the password (the reset link's mechanism). */
  invite: boolean;
}

/**
 * An admin (the operator at the command line) makes a moderator or admin account.
 * Its email counts as verified: the operator vouches for it, and an invited owner
 * proves the mailbox by opening the link. With `invite`, the link and its mail are
 * written in this transaction, as is the audit entry. Undefined (nothing written):
 * the email has an account.
 */
export async function createStaffAccount(
  tx: Tx,
  deps: { queue: JobQueue },
  actor: Operator,
  account: StaffAccount,
): Promise<UserRow | undefined> {
  if (!canAdminister(actor.role)) throw new ForbiddenError(moderationMessages.adminsOnly);
  const user = await insertUserIfAbsent(tx.db, {
    email: account.email,
    emailNormalized: normalizeEmail(account.email),
    passwordHash: account.passwordHash,
    role: account.role,
    siteId: account.site.id,
    emailVerifiedAt: new Date(),
  });
  if (!user) return undefined;
  await recordAudit(tx, actor, {
    action: 'user.create',
    targetType: 'user',
    targetId: user.id,
    before: null,
    after: { email: user.email, role: account.role, siteId: account.site.id },
  });
  if (account.invite) {
    const { link, expiresAt } = await issuePasswordResetLink(tx, jobAppOrigin(account.site), user);
    await enqueueMessage(tx, deps.queue, {
      channel: 'email',
      kind: 'staff_invitation',
      expiresAt,
      siteId: account.site.id,
      to: user.email,
      ...staffInvitationMail(account.site, account.site.language, account.role, link),
      waitedFor: true,
    });
  }
  return user;
}
