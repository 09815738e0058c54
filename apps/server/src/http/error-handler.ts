import { adLimits, messages, photoMessages } from '@adboard/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { DomainError, RateLimitedError, UnavailableError } from '../domain/errors.js';
import { statusOfDomainError } from './errors.js';

/** Fastify's own refusals of a malformed request, and the message the user sees. */
const requestErrors: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: messages.http.invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: messages.http.invalidJson,
  FST_ERR_CTP_BODY_TOO_LARGE: messages.http.bodyTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: messages.http.unsupportedMediaType,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: messages.http.validationFailed,
  FST_REQ_FILE_TOO_LARGE: photoMessages.tooLarge,
  FST_FILES_LIMIT: photoMessages.tooMany(adLimits.photosMax),
  FST_PARTS_LIMIT: photoMessages.tooMany(adLimits.photosMax),
  FST_INVALID_MULTIPART_CONTENT_TYPE: photoMessages.noFiles,
  FST_FIELDS_LIMIT: photoMessages.unreadableUpload,
};

export function errorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      if (error instanceof UnavailableError) {
        // The operator's to see: which store, and why (no secret is in its error).
        request.log.warn({ err: error.cause }, 'photo storage did not answer');
      }
      if (error instanceof RateLimitedError) {
        reply.header('Retry-After', String(error.retryAfterSeconds));
      }
      return reply
        .code(statusOfDomainError[error.code])
        .send({ success: false, error: error.message, ...error.extra });
    }
    if (error.code === 'ECONNRESET' && request.raw.destroyed) {
      // The client went away mid-request (an upload cut off): nobody reads the answer.
      request.log.info({ code: error.code }, 'client closed the request');
      return reply.code(400).send({ success: false, error: messages.http.validationFailed });
    }
    const known = error.code ? requestErrors[error.code] : undefined;
    if (known || (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)) {
      request.log.info({ code: error.code }, 'bad request');
      return reply
        .code(error.statusCode && error.statusCode < 500 ? error.statusCode : 400)
        .send({ success: false, error: known ?? messages.http.validationFailed });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ success: false, error: messages.http.internalError });
  });
}
