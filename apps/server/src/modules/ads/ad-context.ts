import type { FastifyRequest } from 'fastify';
import { languageOfRequest } from '../../http/request-language.js';
import type { AdContext } from './ad-deps.js';

/** The ad use cases' context: the site asked and the request's actor (resolved by http/actor.ts). */
export function adContext(request: FastifyRequest): AdContext {
  return {
    site: request.site,
    appOrigin: request.appOrigin,
    user: request.actor.user,
    actor: request.actor,
    language: languageOfRequest(request),
  };
}
