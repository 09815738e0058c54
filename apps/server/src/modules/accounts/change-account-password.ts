import type { Tx } from '../../db/database.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { noticePasswordChanged } from './account-notices.js';
import { lockCheckedAccount } from './current-password.js';
import { usePasswordResetsOfUser } from './password-reset-repository.js';
import { revokeOtherSessions } from './sessions.js';
import { touchUser, type UserRow } from './user-repository.js';

/**
 * The account page's change password (issue 27): `checked` is the account whose current
 * password was just verified (checkCurrentPassword), `passwordHash` the new password,
 * checked and hashed (hashNewPassword), both before the transaction. Every other
 * session of the account ends and its open reset links stop working; the session
 * making the request (`token`) stays. The account is mailed a notice.
 */
export async function changeAccountPassword(
  tx: Tx,
  queue: JobQueue,
  checked: UserRow,
  passwordHash: string,
  token: string,
): Promise<void> {
  const user = await lockCheckedAccount(tx.db, checked);
  await touchUser(tx.db, user.id, { passwordHash });
  await revokeOtherSessions(tx.db, user.id, token);
  await usePasswordResetsOfUser(tx.db, user.id);
  await noticePasswordChanged(tx, queue, user);
}
