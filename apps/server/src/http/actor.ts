import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import type { Actor, EditGrant } from '../domain/actor.js';
import { authenticateSession, findAdByEditTokenHash } from '../modules/accounts/account-queries.js';
import { hashToken, sameHash } from '../modules/accounts/secrets.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is asking, resolved once by the actor hook; routes and use cases read only this. */
    actor: Actor;
  }
}

const MAX_TOKEN_LENGTH = 200;

/** The `session` header's value, when one was sent ('none' means absent). */
function headerValue(request: FastifyRequest, name: 'session' | 'edit-token'): string | null {
  const value = request.headers[name];
  return typeof value === 'string' &&
    value !== '' &&
    value !== 'none' &&
    value.length <= MAX_TOKEN_LENGTH
    ? value
    : null;
}

/**
 * The ad an edit token opens, found by the token's hash and confirmed with a
 * constant-time comparison: the one place an edit token is compared.
 */
async function grantOf(db: Db, token: string | null, now: Date): Promise<EditGrant | null> {
  if (!token) return null;
  const hash = hashToken(token);
  const row = await findAdByEditTokenHash(db, hash);
  if (!row?.hash || !sameHash(row.hash, hash)) return null;
  return { adId: row.id, expired: row.expiresAt !== null && row.expiresAt <= now };
}

/** Resolves the caller of a request: its session's user (live, not banned) and its edit token. */
export async function resolveActor(db: Db, request: FastifyRequest): Promise<Actor> {
  const session = headerValue(request, 'session');
  const token = headerValue(request, 'edit-token');
  if (!session && !token) return { user: null, editGrant: null, sessionToken: null };
  const [user, editGrant] = await Promise.all([
    session ? authenticateSession(db, session) : Promise.resolve(null),
    grantOf(db, token, new Date()),
  ]);
  if (!user) return { user: null, editGrant, sessionToken: null };
  const { passwordHash: _secret, ...safe } = user;
  return { user: safe, editGrant, sessionToken: session };
}

/**
 * The request boundary: every request's actor is resolved here, once, before
 * its handler runs. Requests without a session or edit token (public pages,
 * assets) cost nothing.
 */
export function actorHook(app: FastifyInstance, db: Db): void {
  app.decorateRequest('actor', null as unknown as Actor);
  app.addHook('preHandler', async (request) => {
    request.actor = await resolveActor(db, request);
  });
}
