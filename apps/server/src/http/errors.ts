/**
 * Errors the domain may raise; the app maps them to HTTP in one place, so use
 * cases never speak HTTP themselves.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(message: string, fields: Record<string, string>) {
    super(400, message, { fields });
  }
}

export class UnauthorizedError extends AppError {
  constructor(message: string, extra: Record<string, unknown> = {}) {
    super(401, message, extra);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string, extra: Record<string, unknown> = {}) {
    super(403, message, extra);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string) {
    super(404, message);
  }
}

export class RateLimitedError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

/** A refusal the user can act on, answered as 400 `{ success: false, error }`. */
export class RefusedError extends AppError {
  constructor(message: string, extra: Record<string, unknown> = {}) {
    super(400, message, extra);
  }
}

/** An action the item's current state does not allow (409), e.g. approving an approved ad. */
export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}
