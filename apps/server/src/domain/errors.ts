/**
 * Errors the domain raises: a code and a catalogue message, never an HTTP
 * status. `http/error-handler.ts` is the one place that maps codes to statuses.
 */
import { sayIn, type DomainErrorCode, type Text } from '@adboard/shared';

export { domainErrorCodes, type DomainErrorCode } from '@adboard/shared';

export class DomainError extends Error {
  /**
   * What the answer says: named in the catalogue (`Said`), said at the edge in the
   * request's language; `message` is its English, for logs and the console.
   */
  readonly text: Text;

  constructor(
    readonly code: DomainErrorCode,
    text: Text,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(sayIn('en', text));
    this.name = new.target.name;
    this.text = text;
  }
}

/** Input that does not pass the shared schemas, with the message of each field. */
export class ValidationError extends DomainError {
  constructor(message: Text, fields: Record<string, Text>) {
    super('validation', message, { fields });
  }
}

/** No one is signed in (or the session has ended) where someone must be. */
export class UnauthorizedError extends DomainError {
  constructor(message: Text, extra: Record<string, unknown> = {}) {
    super('unauthorized', message, extra);
  }
}

/** The caller is known and may not do this. */
export class ForbiddenError extends DomainError {
  constructor(message: Text, extra: Record<string, unknown> = {}) {
    super('forbidden', message, extra);
  }
}

export class NotFoundError extends DomainError {
  constructor(message: Text) {
    super('not_found', message);
  }
}

export class RateLimitedError extends DomainError {
  constructor(
    message: Text,
    readonly retryAfterSeconds: number,
  ) {
    super('rate_limited', message);
  }
}

/** A refusal the user can act on (a missing link, a photo still needed). */
export class RefusedError extends DomainError {
  constructor(message: Text, extra: Record<string, unknown> = {}) {
    super('refused', message, extra);
  }
}

/** What the item's current state does not allow, e.g. approving an approved ad. */
export class ConflictError extends DomainError {
  constructor(message: Text, extra: Record<string, unknown> = {}) {
    super('conflict', message, extra);
  }
}

/** A one-time link that was used, has expired or never was: asking again cannot help. */
export class GoneError extends DomainError {
  constructor(message: Text) {
    super('gone', message);
  }
}

/** A store the call needs does not answer (the photo storage): nothing was done; try later. */
export class UnavailableError extends DomainError {
  constructor(message: Text, cause: unknown) {
    super('unavailable', message);
    this.cause = cause;
  }
}

/**
 * A refusal whose writes must stay, e.g. a wrong code that is counted although
 * the call fails. The route chain commits the transaction, then answers `refusal`;
 * every other error rolls the transaction back.
 */
export class RefusalAfterCommit extends Error {
  override readonly name = 'RefusalAfterCommit';
  constructor(readonly refusal: DomainError) {
    super(refusal.message);
  }
}
