import type { FastifyRequest } from 'fastify';
import type { Visitor } from './stats-counter.js';

/** The request's address (through the believed proxies) and User-Agent, for counting only. */
export function visitorOf(request: FastifyRequest): Visitor {
  return { address: request.ip, userAgent: request.headers['user-agent'] };
}
