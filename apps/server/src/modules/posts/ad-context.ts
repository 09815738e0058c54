import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import { sessionToken } from '../../http/request-context.js';
import { hashToken } from '../accounts/secrets.js';
import { authenticateSession } from '../accounts/sessions.js';
import type { AdContext } from './ad-deps.js';

/** Reads who is asking: the `session` header's user and the `edit-token` header ('none' = absent). */
export function editTokenOf(request: FastifyRequest): string | null {
  const header = request.headers['edit-token'];
  return typeof header === 'string' && header !== '' && header !== 'none' && header.length <= 200
    ? header
    : null;
}

export async function adContext(db: Db, request: FastifyRequest): Promise<AdContext> {
  const editToken = editTokenOf(request);
  return {
    site: request.site,
    appOrigin: request.appOrigin,
    user: await authenticateSession(db, sessionToken(request)),
    editTokenHash: editToken ? hashToken(editToken) : null,
  };
}
