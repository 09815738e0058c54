import type { Language, Role } from '@adboard/shared';

/** The ad an `edit-token` header opens (its token matched; it may have expired). */
export interface EditGrant {
  adId: number;
  expired: boolean;
}

/** The signed-in user as the domain needs it. */
export interface ActorUser {
  id: string;
  email: string;
  emailNormalized: string;
  role: Role;
  siteId: string;
  emailVerifiedAt: Date | null;
  bannedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /** An authenticator app is on (issue 27): the console's door needs it for staff. */
  hasSecondFactor: boolean;
  /** The language the account keeps (issue 30); null: none kept yet, the brand's. */
  language: Language | null;
}

/**
 * Who is asking: anonymous (no user, no grant), an advertiser, moderator or
 * admin (a live session of an unbanned account), and/or the holder of one
 * ad's edit token. Resolved once per request by http/actor.ts.
 */
export interface Actor {
  user: ActorUser | null;
  editGrant: EditGrant | null;
  /** The session token itself, for the calls that end or rotate it. */
  sessionToken: string | null;
}

export const anonymousActor: Actor = { user: null, editGrant: null, sessionToken: null };

export type ActorKind = 'anonymous' | 'advertiser' | 'moderator' | 'admin';

export function actorKind(actor: Actor): ActorKind {
  return actor.user ? actor.user.role : 'anonymous';
}

/**
 * Who acts on the moderation side, as the policies and the audit log see them: a
 * signed-in moderator or admin (their account), or the operator at the command line,
 * who has no account of the site (id null, email `cli:<machine user>`) and an admin's
 * rights (apps/server/src/cli/operator.ts).
 */
export interface Operator {
  id: string | null;
  email: string;
  role: Role;
}
