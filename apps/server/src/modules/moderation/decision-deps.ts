import type { Database } from '../../db/database.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { ActorUser as UserRow } from '../../domain/actor.js';

/** What a moderator's decision on an ad needs: the database, the mail queue, who and where. */
export interface DecisionDeps {
  database: Database;
  queue: JobQueue;
}

export interface DecisionContext {
  actor: UserRow;
  /** The Host the moderator's request came to: links keep a development port. */
  requestHost: string | undefined;
}
