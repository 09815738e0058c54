import { adLimits, answers, isSaid, photoMessages, type Text } from '@adboard/shared';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError, RateLimitedError, UnavailableError } from '../domain/errors.js';
import { statusOfDomainError } from './errors.js';
import { sayTo } from './request-language.js';

/** Fastify's own refusals of a malformed request, and the message the user sees. */
const requestErrors: Record<string, Text> = {
  FST_ERR_CTP_INVALID_JSON_BODY: answers.http.invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: answers.http.invalidJson,
  FST_ERR_CTP_BODY_TOO_LARGE: answers.http.bodyTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: answers.http.unsupportedMediaType,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: answers.http.validationFailed,
  FST_REQ_FILE_TOO_LARGE: photoMessages.tooLarge,
  FST_FILES_LIMIT: photoMessages.tooMany({ max: adLimits.photosMax }),
  FST_PARTS_LIMIT: photoMessages.tooMany({ max: adLimits.photosMax }),
  FST_INVALID_MULTIPART_CONTENT_TYPE: photoMessages.noFiles,
  FST_FIELDS_LIMIT: photoMessages.unreadableUpload,
};

/** An error's extra fields as the answer carries them: each field's problem said in the request's language. */
function extraSaid(request: FastifyRequest, extra: Record<string, unknown>) {
  const { fields } = extra;
  if (typeof fields !== 'object' || fields === null) return extra;
  const said = Object.entries(fields).map(([name, text]) => [
    name,
    typeof text === 'string' || isSaid(text) ? sayTo(request, text) : text,
  ]);
  return { ...extra, fields: Object.fromEntries(said) };
}

export function errorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const answer = (status: number, text: Text, extra: Record<string, unknown> = {}) =>
      reply.code(status).send({ success: false, error: sayTo(request, text), ...extra });
    if (error instanceof DomainError) {
      if (error instanceof UnavailableError) {
        // The operator's to see: which store, and why (no secret is in its error).
        request.log.warn({ err: error.cause }, 'photo storage did not answer');
      }
      if (error instanceof RateLimitedError) {
        reply.header('Retry-After', String(error.retryAfterSeconds));
      }
      return answer(statusOfDomainError[error.code], error.text, extraSaid(request, error.extra));
    }
    if (error.code === 'ECONNRESET' && request.raw.destroyed) {
      // The client went away mid-request (an upload cut off): nobody reads the answer.
      request.log.info({ code: error.code }, 'client closed the request');
      return answer(400, answers.http.validationFailed);
    }
    const known = error.code ? requestErrors[error.code] : undefined;
    if (known || (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)) {
      request.log.info({ code: error.code }, 'bad request');
      return answer(
        error.statusCode && error.statusCode < 500 ? error.statusCode : 400,
        known ?? answers.http.validationFailed,
      );
    }
    request.log.error({ err: error }, 'unexpected error');
    return answer(500, answers.http.internalError);
  });
}
