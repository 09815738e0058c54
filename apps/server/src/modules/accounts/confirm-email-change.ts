import { accountMessages, limits } from '@adboard/shared';
import type { Tx } from '../../db/database.js';
import type { ActorUser } from '../../domain/actor.js';
import { RefusalAfterCommit, RefusedError } from '../../domain/errors.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { noticeEmailChanged } from './account-notices.js';
import {
  countEmailChangeAttempt,
  lockNewestOpenEmailChange,
  markEmailChangeConsumed,
} from './email-change-repository.js';
import { hashCode, sameHash } from './secrets.js';
import { changeUserEmail } from './user-repository.js';

function codeWrong(): RefusedError {
  const message = accountMessages.email.codeWrong;
  return new RefusedError(message, { fields: { code: message } });
}

/**
 * Change email, second step: the code mailed to the new address, checked against the
 * account's newest open change (15 minutes, 5 wrong tries, then only a new request
 * helps; a wrong try is counted even though the call fails). Then the email changes
 * (the code proved the mailbox, so it is verified) and the old address is told.
 * An address taken meanwhile by another account is refused now, to the caller who has
 * just proved it is theirs. Answers the account's new email.
 */
export async function confirmEmailChange(
  tx: Tx,
  queue: JobQueue,
  user: ActorUser,
  code: string,
): Promise<string> {
  const change = await lockNewestOpenEmailChange(tx.db, user.id);
  if (
    !change ||
    change.expiresAt.getTime() <= Date.now() ||
    change.attempts >= limits.verificationCodeMaxAttempts
  ) {
    throw codeWrong();
  }
  if (!sameHash(change.codeHash, hashCode(user.id, code))) {
    await countEmailChangeAttempt(tx.db, change.id);
    throw new RefusalAfterCommit(codeWrong());
  }
  await markEmailChangeConsumed(tx.db, change.id);
  if (!(await changeUserEmail(tx, user.id, change.newEmail))) {
    throw new RefusalAfterCommit(new RefusedError(accountMessages.email.taken));
  }
  await noticeEmailChanged(tx, queue, user, change.newEmail);
  return change.newEmail;
}
