import { z } from 'zod';
import { answers } from '../i18n/catalogues/answers/index.js';
import { tagsOf } from '../i18n/said.js';

const http = tagsOf(answers.http);

/**
 * The `Idempotency-Key` header of POST /api/posts, GET /payment/address/... and
 * POST /api/post/{id}/photos: one random key per attempt, sent again with its retries.
 * Absent means the request is not idempotent (older clients).
 */
export const idempotencyKeyHeader = 'idempotency-key';

export const idempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,200}$/, http.idempotencyKeyInvalid);
