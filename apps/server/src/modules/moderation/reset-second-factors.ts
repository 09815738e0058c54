import type { Tx } from '../../db/database.js';
import type { Operator } from '../../domain/actor.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { removeEverySecondFactor } from '../accounts/second-factors.js';
import { recordAudit } from './audit-log.js';
import { lockUser } from './lock-user.js';
import { authorizeRoleChange } from './policy.js';

/**
 * An owner who lost every factor (no app, no recovery code) is let back in by an
 * operator (issue 27): an admin in the console, or the command line, never on one's
 * own account. Every app, recovery code and remembered device of the account goes,
 * the owner is mailed and the reason (how the owner was identified) is audited. Answers
 * how many apps were on: 0, the account had none and nothing is written.
 */
export async function resetSecondFactors(
  tx: Tx,
  deps: { queue: JobQueue },
  actor: Operator,
  userId: string,
  reason: string,
): Promise<number> {
  const target = await lockUser(tx, userId);
  // The same rule as a role change: admins only, never their own account.
  authorizeRoleChange(actor, target);
  const removed = await removeEverySecondFactor(tx, deps, target);
  if (removed === 0) return 0;
  await recordAudit(tx, actor, {
    action: 'user.second_factors_reset',
    targetType: 'user',
    targetId: target.id,
    before: { email: target.email, secondFactors: removed },
    after: { email: target.email, secondFactors: 0 },
    reason,
  });
  return removed;
}
