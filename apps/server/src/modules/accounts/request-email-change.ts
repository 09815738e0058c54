import { accountMessages, limits } from '@adboard/shared';
import type { Tx } from '../../db/database.js';
import { RefusedError } from '../../domain/errors.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { enqueueMessage } from '../outbox/enqueue-message.js';
import { siteById } from '../sites/site-by-id.js';
import { noticeEmailChangeRequested } from './account-notices.js';
import { lockCheckedAccount } from './current-password.js';
import { consumeOpenEmailChanges, insertEmailChange } from './email-change-repository.js';
import { emailChangeCodeMail, emailChangeTakenMail } from './mail-templates.js';
import { hashCode, newCode } from './secrets.js';
import { findUserByEmail, type UserRow } from './user-repository.js';
import { normalizeEmail } from './users.js';
import { languageOfAccount } from './keep-account-language.js';

/**
 * Change email, first step (issue 27): `checked` is the account whose password was just
 * verified in the same request (checkCurrentPassword; ASVS 5.0 7.5.1). The change waits
 * in `email_changes` with the hash of a fresh code (older open changes end); the account
 * keeps its email. The old address is told; the new one is mailed the code.
 *
 * An address another account uses must not be learnt from here: the change is recorded
 * and answered exactly alike, and the old address told alike, but that address is mailed
 * a notice instead of the code, so the change can never be confirmed (the code was
 * never sent). Its owner learns someone tried; the caller learns nothing.
 */
export async function requestEmailChange(
  tx: Tx,
  queue: JobQueue,
  checked: UserRow,
  newEmail: string,
): Promise<void> {
  if (normalizeEmail(newEmail) === checked.emailNormalized) {
    const message = accountMessages.email.same;
    throw new RefusedError(message, { fields: { email: message } });
  }
  const user = await lockCheckedAccount(tx.db, checked);
  const site = siteById(user.siteId);
  const code = newCode();
  const expiresAt = new Date(Date.now() + limits.verificationCodeTtlMinutes * 60_000);
  await consumeOpenEmailChanges(tx.db, user.id);
  await insertEmailChange(tx.db, {
    userId: user.id,
    newEmail,
    codeHash: hashCode(user.id, code),
    expiresAt,
  });
  const holder = await findUserByEmail(tx.db, newEmail);
  if (holder) {
    // The address's own account is told, in its own language.
    await enqueueMessage(tx, queue, {
      channel: 'email',
      kind: 'email_change_taken',
      siteId: site.id,
      to: newEmail,
      ...emailChangeTakenMail(site, languageOfAccount(site, holder)),
    });
  } else {
    await enqueueMessage(tx, queue, {
      channel: 'email',
      kind: 'email_change_code',
      siteId: site.id,
      to: newEmail,
      ...emailChangeCodeMail(site, languageOfAccount(site, user), code),
      waitedFor: true,
      expiresAt,
    });
  }
  await noticeEmailChangeRequested(tx, queue, user, newEmail);
}
