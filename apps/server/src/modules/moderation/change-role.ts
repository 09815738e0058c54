import type { Role } from '@adboard/shared';
import type { Tx } from '../../db/database.js';
import type { Operator } from '../../domain/actor.js';
import { recordAudit } from './audit-log.js';
import { lockUser } from './lock-user.js';
import { authorizeRoleChange } from './policy.js';
import { setUserRole } from './user-admin-repository.js';

/**
 * An admin makes an account an advertiser, moderator or admin. The role is
 * read from the account on every request, so it takes effect at once. False:
 * the account had that role already, nothing is written.
 */
export async function changeRole(
  tx: Tx,
  actor: Operator,
  userId: string,
  role: Role,
): Promise<boolean> {
  const target = await lockUser(tx, userId);
  authorizeRoleChange(actor, target);
  if (target.role === role) return false;
  await setUserRole(tx.db, target.id, role);
  await recordAudit(tx, actor, {
    action: 'user.role',
    targetType: 'user',
    targetId: target.id,
    before: { email: target.email, role: target.role },
    after: { email: target.email, role },
  });
  return true;
}
