import {
  jsonSchema,
  routerPath,
  writesOf,
  type BodyOf,
  type EndpointSpec,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
  type WritesOf,
} from '@adboard/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database, Db, Tx } from '../db/database.js';
import type { ActorUser } from '../domain/actor.js';
import { RefusalAfterCommit } from '../domain/errors.js';
import { holdAtAdvertiserDoor } from '../modules/accounts/second-factors.js';
import { requireAdmin, requireModerator } from '../modules/moderation/policy.js';
import { clientKey, type RateLimiter } from './rate-limit.js';
import { requireUser } from './request-context.js';
import { parseInput } from './validate.js';

/** What a handler is given: the validated input, and the request for what is left. */
export interface RouteInput<E extends EndpointSpec> {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  /** The signed-in user when the endpoint requires one (access user, moderator, admin). */
  user: E['access'] extends 'user' | 'moderator' | 'admin' ? ActorUser : ActorUser | null;
  request: FastifyRequest;
  reply: FastifyReply;
  /**
   * The database: for an endpoint that writes, bound to the transaction the chain
   * opened (everything read and written in the handler commits or rolls back as one).
   */
  db: Db;
  /** The chain's transaction, for an endpoint that writes; null for one that only reads. */
  tx: WritesOf<E> extends true ? Tx : null;
  /**
   * Work that must wait until the writes have committed (removing a deleted photo's
   * files): run then, before the answer is sent; never after a rollback. A failure
   * there is logged and the answer stands, since what it follows is stored.
   */
  afterCommit: (work: () => Promise<void>) => void;
}

/** What the preparing step of a write is given: the input, the database outside any transaction. */
export type PrepareInput<E extends EndpointSpec> = Omit<RouteInput<E>, 'tx'> & { tx: null };

export type RouteHandler<E extends EndpointSpec> = (input: RouteInput<E>) => Promise<ResponseOf<E>>;

/**
 * A write with work that must not hold a transaction open (reading an upload,
 * hashing a password, asking the chain or the advertiser's site): `prepare` runs
 * first, outside; then the chain opens the transaction and runs `write` with
 * what `prepare` gave.
 */
export interface PreparedHandler<E extends EndpointSpec, P> {
  prepare: (input: PrepareInput<E>) => Promise<P>;
  write: (input: RouteInput<E>, prepared: P) => Promise<ResponseOf<E>>;
}

export interface RouteChain {
  /** Opens the transaction of each endpoint that writes. */
  database: Database;
  limiter: RateLimiter;
  /**
   * Checks every answer against its declared schema and fails the request when it
   * does not match (tests and development; production trusts the tested code).
   */
  checkResponses: boolean;
}

/** The account a limit counts on, per the declaration. */
function limitAccount(spec: EndpointSpec, request: FastifyRequest): string | null {
  switch (spec.rateLimit?.account) {
    case 'user':
      return request.actor.user?.id ?? null;
    case 'body-email':
      return bodyEmail(request.body);
    case 'body-email-from-client': {
      const email = bodyEmail(request.body);
      return email === null ? null : `${email}|${clientKey(request.ip)}`;
    }
    case 'user-or-email':
      return request.actor.user?.id ?? bodyEmail(request.body);
    case 'body-ad':
      return bodyAdId(request.body);
    case 'path-order':
      return pathOrder(request.params);
    default:
      return null;
  }
}

/** The ad a body names (`id`), read before validation (for the per-account limit only). */
function bodyAdId(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('id' in body)) return null;
  const { id } = body;
  return typeof id === 'string' || typeof id === 'number' ? `ad:${String(id).slice(0, 20)}` : null;
}

/** The payment order a path names (ad and address), read before validation (for the limit only). */
function pathOrder(params: unknown): string | null {
  if (typeof params !== 'object' || params === null) return null;
  const { postId, address } = params as Record<string, unknown>;
  if (typeof postId !== 'string' || typeof address !== 'string') return null;
  return `order:${postId.slice(0, 20)}:${address.slice(0, 100)}`;
}

/** The email a body names, read before validation (for the per-account limit only). */
function bodyEmail(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('email' in body)) return null;
  const { email } = body;
  return typeof email === 'string' ? email.trim().slice(0, 254) : null;
}

/** The caller the declaration requires, or the domain error that refuses them. */
async function authorize(spec: EndpointSpec, request: FastifyRequest): Promise<ActorUser | null> {
  switch (spec.access) {
    case 'user':
      return requireUser(request);
    case 'moderator':
      return requireModerator(request);
    case 'admin':
      return requireAdmin(request);
    default:
      return request.actor.user;
  }
}

/** A handler answered something its declaration does not allow: a defect, never sent. */
export class ResponseContractError extends Error {
  override readonly name = 'ResponseContractError';
}

/**
 * Registers one declared endpoint through the one route chain: rate limit,
 * actor (resolved by the request hook), authenticate (the access the endpoint
 * requires, and the advertisers' second-factor door of `changesAds`), validate,
 * run the handler (the use case, which authorizes per ad
 * with the ad policy) in one transaction when the endpoint writes, present the
 * answer its declaration allows. A route file holds the handler and nothing of
 * the chain; no use case opens a transaction of its own.
 */
export function route<E extends EndpointSpec>(
  app: FastifyInstance,
  chain: RouteChain,
  spec: E,
  handler: NoInfer<RouteHandler<E>>,
): void {
  register(app, chain, spec, handler);
}

/**
 * The same chain for a write with work that must not hold the transaction open:
 * `preparedRoute(app, chain, spec)({ prepare, write })` (curried, so that the
 * declaration fixes the types before the handler's are inferred).
 */
export function preparedRoute<E extends EndpointSpec>(
  app: FastifyInstance,
  chain: RouteChain,
  spec: E,
): <P>(handler: PreparedHandler<E, P>) => void {
  return (handler) => register(app, chain, spec, handler as PreparedHandler<E, unknown>);
}

function register<E extends EndpointSpec>(
  app: FastifyInstance,
  chain: RouteChain,
  spec: E,
  handler: RouteHandler<E> | PreparedHandler<E, unknown>,
): void {
  const writes = writesOf(spec);
  if (!writes && typeof handler !== 'function') {
    throw new Error(`${spec.method} ${spec.path} only reads: it has nothing to prepare`);
  }
  app.route({
    method: spec.method,
    url: routerPath(spec.path),
    config: { endpoint: spec },
    // Answers are serialised from their declared schemas (fast-json-stringify).
    schema: { response: responseSchemas(spec) },
    handler: async (request, reply) => {
      if (spec.rateLimit) {
        await chain.limiter.consume(spec.rateLimit.action, request.ip, limitAccount(spec, request));
      }
      // Who may call at all (signed in, the role) before the input is looked at; what
      // they may do to one ad is the ad policy's, in the use case.
      const user = await authorize(spec, request);
      if (spec.changesAds) await holdAtAdvertiserDoor(chain.database.db, user, request.site);
      const params = spec.params ? parseInput(spec.params, request.params) : undefined;
      const query = spec.query ? parseInput(spec.query, request.query) : undefined;
      const body = spec.body ? parseInput(spec.body, request.body) : undefined;
      const committed: (() => Promise<void>)[] = [];
      const outside = {
        params,
        query,
        body,
        user,
        request,
        reply,
        db: chain.database.db,
        tx: null,
        afterCommit: (work: () => Promise<void>) => void committed.push(work),
      };
      const runCommitted = async () => {
        for (const work of committed.splice(0)) {
          await work().catch((error: unknown) => {
            request.log.error({ err: error }, 'work after commit failed');
          });
        }
      };
      const answer = writes
        ? await inTransaction(chain.database, handler, outside as PrepareInput<E>, runCommitted)
        : await (handler as RouteHandler<E>)(outside as RouteInput<E>);
      if (!writes) await runCommitted();
      if (chain.checkResponses && !reply.sent) checkAnswer(spec, reply.statusCode, answer);
      return answer;
    },
  });
}

/**
 * Prepares outside, then writes in one transaction. A refusal whose writes must
 * stay (a counted wrong guess) commits before it is answered; any other error
 * rolls everything back.
 */
async function inTransaction<E extends EndpointSpec>(
  database: Database,
  handler: RouteHandler<E> | PreparedHandler<E, unknown>,
  outside: PrepareInput<E>,
  runCommitted: () => Promise<void>,
): Promise<ResponseOf<E>> {
  const prepared = typeof handler === 'function' ? undefined : await handler.prepare(outside);
  const write =
    typeof handler === 'function' ? (input: RouteInput<E>) => handler(input) : handler.write;
  const outcome = await database.transaction(async (tx) => {
    const input = { ...outside, db: tx.db, tx } as RouteInput<E>;
    try {
      return { answer: await write(input, prepared) };
    } catch (error) {
      if (error instanceof RefusalAfterCommit) return { refusal: error.refusal };
      throw error;
    }
  });
  await runCommitted();
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome.answer;
}

/** The JSON Schema of each declared JSON answer, by status (a 304 has no body). */
function responseSchemas(spec: EndpointSpec): Record<number, unknown> {
  const out: Record<number, unknown> = {};
  for (const [status, schema] of Object.entries(spec.responses)) {
    if (schema && status !== '304') out[Number(status)] = jsonSchema(schema, 'output');
  }
  return out;
}

function checkAnswer(spec: EndpointSpec, status: number, answer: unknown): void {
  const schema = spec.responses[status as keyof EndpointSpec['responses']];
  if (!schema) {
    throw new ResponseContractError(`${spec.method} ${spec.path} answered ${status}, not declared`);
  }
  const parsed = schema.safeParse(answer);
  if (!parsed.success) {
    throw new ResponseContractError(
      `${spec.method} ${spec.path} answered what its ${status} schema refuses: ${parsed.error.message}`,
    );
  }
}
