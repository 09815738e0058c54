import { answers, apiErrorBodySchema, idempotencyKeyHeader, waitSaid } from '@adboard/shared';
import { appLanguageNow, sayNow } from '../i18n/say';
import { editTokenFor } from './active-ad';
import { readSessionToken } from './session-store';

/** A failed call. `status` 0 means the server could not be reached. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** The server's own error text, when it sent one. */
  readonly serverError: string | undefined;
  /** Per-field problems of a validation failure. */
  readonly fields: Readonly<Record<string, string>>;
  /** Seconds to wait, from the Retry-After header of a 429. */
  readonly retryAfterSeconds: number | undefined;
  /** Login only: the password was right but the email still needs its code. */
  readonly verifyEmail: boolean;
  /** A door of issue 27: the console (staff), or ad changes (the site requires one), without a second factor. */
  readonly secondFactorRequired: boolean;

  constructor(
    status: number,
    message: string,
    details: {
      serverError?: string | undefined;
      fields?: Record<string, string> | undefined;
      retryAfterSeconds?: number | undefined;
      verifyEmail?: boolean | undefined;
      secondFactorRequired?: boolean | undefined;
    } = {},
  ) {
    super(message);
    this.status = status;
    this.serverError = details.serverError;
    this.fields = details.fields ?? {};
    this.retryAfterSeconds = details.retryAfterSeconds;
    this.verifyEmail = details.verifyEmail ?? false;
    this.secondFactorRequired = details.secondFactorRequired ?? false;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/**
 * The text to show for a failed call: the server's error when it sent one, the
 * network message when it could not be reached, the wait message for a bare 429,
 * else the screen's own fallback from the catalogue.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.isNetworkError) return sayNow(answers.http.networkError);
  if (error.serverError) return error.serverError;
  if (error.status === 429) return error.message;
  return fallback;
}

interface Schema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface RequestOptions {
  /** An ad call: sends `edit-token` with this ad's stored token, or 'none'. */
  adId?: string | null;
  /**
   * Sent as `Idempotency-Key`: the same key again (a retry, a double click) gets
   * the first answer and the server does nothing twice (lib/request-key.ts).
   */
  idempotencyKey?: string;
}

function retryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function readJson(response: Response): Promise<unknown> {
  return parseJson(await response.text());
}

/**
 * The ApiError of a non-2xx answer, from its status, body text and Retry-After
 * header; shared by fetch calls and the XMLHttpRequest photo uploads.
 */
export function apiErrorFrom(
  status: number,
  bodyText: string,
  retryAfterHeader: string | null,
): ApiError {
  const body = apiErrorBodySchema.safeParse(parseJson(bodyText));
  const seconds = retryAfter(retryAfterHeader);
  const serverError = body.success && body.data.error ? body.data.error : undefined;
  const generic =
    status === 429
      ? answers.http.tooManyRequests({ wait: waitSaid(seconds ?? 60) })
      : status >= 500
        ? answers.http.internalError
        : status === 404
          ? answers.http.notFound
          : status === 403
            ? answers.http.forbidden
            : answers.http.validationFailed;
  return new ApiError(status, serverError ?? sayNow(generic), {
    serverError,
    fields: body.success ? body.data.fields : undefined,
    retryAfterSeconds: seconds,
    verifyEmail: body.success ? body.data.verifyEmail : undefined,
    secondFactorRequired: body.success ? body.data.secondFactorRequired : undefined,
  });
}

async function failure(response: Response): Promise<ApiError> {
  return apiErrorFrom(response.status, await response.text(), response.headers.get('retry-after'));
}

/**
 * The headers of every call: the app's language (the server answers in it), the stored
 * session, and the ad's edit token for ad calls.
 */
export function authHeaders(options: RequestOptions = {}): Record<string, string> {
  const headers: Record<string, string> = { 'accept-language': appLanguageNow() };
  const session = readSessionToken();
  if (session) headers.session = session;
  if (options.adId !== undefined) headers['edit-token'] = editTokenFor(options.adId);
  if (options.idempotencyKey !== undefined) headers[idempotencyKeyHeader] = options.idempotencyKey;
  return headers;
}

/** One JSON call: session header when stored, answer parsed with the shared schema. */
export async function request<T>(
  method: Method,
  path: string,
  schema: Schema<T>,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...authHeaders(options) };
  if (body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await globalThis.fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, sayNow(answers.http.networkError));
  }

  if (!response.ok) throw await failure(response);

  const parsed = schema.safeParse(await readJson(response));
  if (!parsed.success) throw new ApiError(response.status, sayNow(answers.http.internalError));
  return parsed.data;
}

/** A 2xx answer that says `success: false` or lacks the user: treated like an error answer. */
export function unsuccessful(error: string | undefined, verifyEmail?: boolean): ApiError {
  return new ApiError(200, error ?? sayNow(answers.http.internalError), {
    serverError: error,
    verifyEmail,
  });
}
