import type { Language } from '@adboard/shared';
import type { Database } from '../../db/database.js';
import type { Actor, ActorUser } from '../../domain/actor.js';
import type { AdEventDeps } from '../ad-lifecycle/apply-ad-event.js';
import type { BacklinkChecker } from '../ad-checks/backlink-checker.js';
import type { SiteContext } from '../accounts/account-deps.js';

export interface AdDeps extends AdEventDeps {
  database: Database;
  backlinks: BacklinkChecker;
}

/** Who asks, and from which site: every ad use case takes this. */
export interface AdContext extends SiteContext {
  /** The signed-in user (actor.user), for the use cases that only need that. */
  user: ActorUser | null;
  actor: Actor;
  /** The request's language: an ad keeps the one it was posted in (issue 30). */
  language: Language;
}
