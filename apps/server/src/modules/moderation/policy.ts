import { accountMessages, moderationMessages, type Role } from '@adboard/shared';
import type { FastifyRequest } from 'fastify';
import { ForbiddenError } from '../../domain/errors.js';
import { requireUser } from '../../http/request-context.js';
import type { ActorUser as UserRow, Operator } from '../../domain/actor.js';

/** Moderators and admins review ads, reports and users. */
export function canModerate(role: Role): boolean {
  return role === 'moderator' || role === 'admin';
}

/** Only admins change roles, mark refunds sent and read the audit log. */
export function canAdminister(role: Role): boolean {
  return role === 'admin';
}

/**
 * The signed-in moderator or admin of a request: 401 without a session, 403 for
 * anyone else, and 403 with `secondFactorRequired` for staff without a second factor
 * (the console's door, issue 27: the console page sends them to /account).
 */
export function requireModerator(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (!canModerate(user.role)) throw new ForbiddenError(moderationMessages.moderatorsOnly);
  if (!user.hasSecondFactor) {
    throw new ForbiddenError(accountMessages.twoStep.staffDoor, { secondFactorRequired: true });
  }
  return user;
}

/** Staff powers outside the console (an ad's review, previews) wait behind the same door. */
export function actsAsStaff(user: Pick<UserRow, 'role' | 'hasSecondFactor'>): boolean {
  return canModerate(user.role) && user.hasSecondFactor;
}

/**
 * Who may ban, unban or otherwise change an account: never one's own;
 * moderators only advertisers, admins anyone else.
 */
export function authorizeAccountChange(
  actor: Pick<Operator, 'id' | 'role'>,
  target: Pick<UserRow, 'id' | 'role'>,
): void {
  if (actor.id === target.id) throw new ForbiddenError(moderationMessages.notYourself);
  if (!canModerate(actor.role)) throw new ForbiddenError(moderationMessages.moderatorsOnly);
  if (target.role !== 'advertiser' && !canAdminister(actor.role)) {
    throw new ForbiddenError(moderationMessages.adminsOnly);
  }
}

/** Roles are an admin's to give, and nobody changes their own. */
export function authorizeRoleChange(
  actor: Pick<Operator, 'id' | 'role'>,
  target: Pick<UserRow, 'id' | 'role'>,
): void {
  if (!canAdminister(actor.role)) throw new ForbiddenError(moderationMessages.adminsOnly);
  if (actor.id === target.id) throw new ForbiddenError(moderationMessages.notYourself);
}

/** An admin's session: advertisers hear that moderators only may (as on every /api/admin call). */
export function requireAdmin(request: FastifyRequest): UserRow {
  const user = requireModerator(request);
  if (!canAdminister(user.role)) throw new ForbiddenError(moderationMessages.adminsOnly);
  return user;
}
