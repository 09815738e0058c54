import type { JobQueue } from '../../jobs/job-queue.js';
import type { ActorUser as UserRow } from '../../domain/actor.js';

/** What a moderator's decision on an ad needs besides its transaction: the mail queue. */
export interface DecisionDeps {
  queue: JobQueue;
}

export interface DecisionContext {
  actor: UserRow;
  /** The Host the moderator's request came to: links keep a development port. */
  requestHost: string | undefined;
}
