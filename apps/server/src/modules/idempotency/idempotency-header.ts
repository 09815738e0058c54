import { idempotencyKeyHeader, idempotencyKeySchema, answers } from '@adboard/shared';
import type { FastifyRequest } from 'fastify';
import { RefusedError } from '../../domain/errors.js';

/**
 * The request's `Idempotency-Key`: null when absent (older clients: the request is
 * then not idempotent); when present, 8 to 200 of [A-Za-z0-9_-], else a 400.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const header = request.headers[idempotencyKeyHeader];
  if (header === undefined) return null;
  const parsed = idempotencyKeySchema.safeParse(header);
  if (!parsed.success) throw new RefusedError(answers.http.idempotencyKeyInvalid);
  return parsed.data;
}
