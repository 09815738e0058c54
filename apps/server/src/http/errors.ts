import type { DomainErrorCode } from '../domain/errors.js';

/** The HTTP status of each domain error code: the only place the two meet. */
export const statusOfDomainError: Record<DomainErrorCode, number> = {
  validation: 400,
  refused: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
};
