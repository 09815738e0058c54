import type { ActorUser as UserRow } from '../../domain/actor.js';
import type { AdEventDeps } from '../ad-lifecycle/apply-ad-event.js';

/**
 * What a moderator's decision on an ad needs besides its transaction: the mail
 * queue, and where the change is announced to every server's page cache.
 */
export type DecisionDeps = AdEventDeps;

export interface DecisionContext {
  actor: UserRow;
  /** The Host the moderator's request came to: links keep a development port. */
  requestHost: string | undefined;
}
