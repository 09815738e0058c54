import type { z } from 'zod';
import type { RateLimitAction } from './rate-limits.js';

/**
 * The contract between the browser and the server: every HTTP endpoint is
 * declared once, here in `packages/shared`, with its request, its responses,
 * the errors it may answer, who may call it and its rate limit. The server
 * registers its routes from these declarations (apps/server/src/http/route.ts),
 * the browser calls them through a client derived from them
 * (apps/web/src/lib/client.ts), and the OpenAPI document is generated from
 * them (./openapi.ts).
 */

/** The codes of domain errors; the server maps each to one HTTP status. */
export const domainErrorCodes = [
  'validation',
  'refused',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'gone',
  'rate_limited',
  'unavailable',
] as const;
export type DomainErrorCode = (typeof domainErrorCodes)[number];

/** The HTTP status of each domain error code: the only place the two meet. */
export const statusOfDomainError: Record<DomainErrorCode, number> = {
  validation: 400,
  refused: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  rate_limited: 429,
  /** A store the call needs (the photo storage) does not answer now: try again later. */
  unavailable: 503,
};

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * Who may call an endpoint, checked by the route chain before the handler:
 * - anyone: no check (the handler may still look at the caller);
 * - user: a signed-in advertiser (or any signed-in role);
 * - ad: the owner's session or the ad's edit token, decided per ad by the ad
 *   policy in the use case (the chain only resolves the actor);
 * - moderator, admin: a signed-in account with that role or above.
 */
export type Access = 'anyone' | 'user' | 'ad' | 'moderator' | 'admin';

type Schema = z.ZodType;

export interface EndpointSpec {
  method: HttpMethod;
  /** The path as the spec names it, parameters in braces: `/api/post/{id}`. */
  path: string;
  /** One line for the reference page. */
  summary: string;
  /** The module it belongs to (the reference page groups by it). */
  tag: string;
  access: Access;
  /**
   * The named limit the chain spends first: per client address, and per account
   * when `account` says where the account is: the email the body names (read
   * before validation), that email as asked by this client only (a stranger
   * cannot spend it for the owner), the signed-in user, the user and else the
   * email, the ad the body names (`id`), or the payment order the path names
   * (`postId` and `address`).
   */
  rateLimit?: {
    action: RateLimitAction;
    account?:
      'body-email' | 'body-email-from-client' | 'user' | 'user-or-email' | 'body-ad' | 'path-order';
  };
  /** Takes an `Idempotency-Key` header: the same key answers the same result. */
  idempotent?: boolean;
  /**
   * Changes stored data, so the server runs it in one transaction. By default
   * every method but GET writes; a GET that writes (the spec's payment address)
   * or a POST that only looks (a field check) says so here.
   */
  writes?: boolean;
  params?: Schema;
  query?: Schema;
  body?: Schema;
  /** Every success answer by status; errors answer `apiErrorBodySchema`. */
  responses: Readonly<Partial<Record<200 | 201 | 204 | 304, Schema>>>;
  /** The domain errors it may answer besides validation of its input. */
  errors: readonly DomainErrorCode[];
  /** Not JSON: multipart upload or a page; the chain leaves the body to the handler. */
  raw?: 'multipart';
  /**
   * Posts, changes, pays for or deletes an advertiser's ad: a signed-in account that its
   * site requires to have a second factor, and has none, is refused (403 with
   * `secondFactorRequired`) before anything else is looked at (issue 27, the advertisers'
   * door; the rule is `secondFactorRequired` of the server's accounts module).
   */
  changesAds?: true;
}

/** Declares an endpoint; the object is its own type, literal to the last field. */
export function endpoint<const S extends EndpointSpec>(spec: S): S {
  return spec;
}

type Infer<S> = S extends Schema ? z.infer<S> : undefined;
type Input<S> = S extends Schema ? z.input<S> : undefined;

/** Whether the endpoint changes stored data (its declaration, else its method). */
export type WritesOf<E extends EndpointSpec> = E extends { writes: infer W extends boolean }
  ? W
  : E['method'] extends 'GET'
    ? false
    : true;

export function writesOf(spec: EndpointSpec): boolean {
  return spec.writes ?? spec.method !== 'GET';
}

/** What the handler receives after validation. */
export type ParamsOf<E extends EndpointSpec> = Infer<E['params']>;
export type QueryOf<E extends EndpointSpec> = Infer<E['query']>;
export type BodyOf<E extends EndpointSpec> = Infer<E['body']>;
/** What the browser sends (before the schema's defaults and transforms). */
export type ParamsInputOf<E extends EndpointSpec> = Input<E['params']>;
export type QueryInputOf<E extends EndpointSpec> = Input<E['query']>;
export type BodyInputOf<E extends EndpointSpec> = Input<E['body']>;
/** The 200 answer (or the first success the endpoint declares). */
export type ResponseOf<E extends EndpointSpec> = E['responses'] extends { 200: infer S }
  ? Infer<S>
  : E['responses'] extends { 201: infer S }
    ? Infer<S>
    : undefined;

/** `/api/post/{id}` with `{ id: '7' }` → `/api/post/7` (each segment encoded). */
export function fillPath(path: string, params: Record<string, string> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} of ${path}`);
    return encodeURIComponent(value);
  });
}

/** `/api/post/{id}` → `/api/post/:id`, the router's syntax. */
export function routerPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}
