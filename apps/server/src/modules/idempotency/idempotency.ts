import { answers } from '@adboard/shared';
import { createHash } from 'node:crypto';
import type { Db, Tx } from '../../db/database.js';
import { ConflictError } from '../../domain/errors.js';
import { sameHash } from '../accounts/secrets.js';
import {
  deleteIdempotencyKeysTakenUntil,
  findIdempotencyKey,
  insertIdempotencyKey,
  updateIdempotencyAnswer,
  type IdempotencyKeyRef,
  type StoredIdempotencyKey,
} from './idempotency-repository.js';
import { lookupHashOf, openSealed, seal } from './seal.js';

/** The requests that take an Idempotency-Key; a key counts within its scope only. */
export type IdempotencyScope = 'create-ad' | 'payment-address' | 'photos';

/** How long a key answers its first request (the lifecycle job deletes older rows). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

export interface IdempotencyRequest {
  scope: IdempotencyScope;
  /** The header's value, as sent: never stored, only hashed. */
  key: string;
  /** `requestHashOf` what the request asks for: the same key with another request is refused. */
  requestHash: string;
}

export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [name: string]: JsonValue };

/** What is kept of an answer, and how to answer again from it. */
export interface IdempotentAnswer<T> {
  /** `result` is stored in plain and must hold no secret; `secret` is stored sealed. */
  keep(answer: T): { result: JsonValue; secret?: string };
  /** The answer to a replay, from what was kept (`secret` opened with the request's key). */
  answerAgain(kept: { result: unknown; secret: string | null }): T | Promise<T>;
}

/** A request already answered: its answer again. */
export interface Replay<T> {
  answer: T;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, item]) => item !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([name, item]) => [name, canonical(item)]),
    );
  }
  return value;
}

/** SHA-256 of what a request asks for, independent of the order of object keys. */
export function requestHashOf(request: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(request)) ?? 'undefined', 'utf8')
    .digest('hex');
}

/** The request of a key, or null when none was sent (the request is then not idempotent). */
export function idempotentRequest(
  scope: IdempotencyScope,
  key: string | null,
  request: unknown,
): IdempotencyRequest | null {
  return key === null ? null : { scope, key, requestHash: requestHashOf(request) };
}

async function answerFrom<T>(
  request: IdempotencyRequest,
  row: StoredIdempotencyKey,
  answer: IdempotentAnswer<T>,
): Promise<Replay<T>> {
  if (!sameHash(row.requestHash, request.requestHash)) {
    throw new ConflictError(answers.http.idempotencyKeyReused);
  }
  const secret = row.sealed === null ? null : openSealed(request.key, row.sealed, request.scope);
  return { answer: await answer.answerAgain({ result: row.result, secret }) };
}

/** The row of a request's key: its scope and the lookup hash of the key. */
function keyRef(request: IdempotencyRequest): IdempotencyKeyRef {
  return { scope: request.scope, keyHash: lookupHashOf(request.key) };
}

/**
 * The first step inside the use case's transaction: takes the key, or answers
 * the request that took it. The key row is inserted with ON CONFLICT DO NOTHING,
 * so a second request with the same key waits here until the first transaction
 * ends: when it committed, its answer is read back (a replay); when it rolled
 * back, this request takes the key and runs. The same key for another request
 * is refused (409). Null without a key, or when this request took it.
 */
export async function claimIdempotencyKey<T>(
  tx: Tx,
  request: IdempotencyRequest | null,
  answer: IdempotentAnswer<T>,
): Promise<Replay<T> | null> {
  if (!request) return null;
  if (await insertIdempotencyKey(tx.db, keyRef(request), request.requestHash)) return null;
  // Taken and answered in one transaction: a key seen committed always has its answer.
  const row = await findIdempotencyKey(tx.db, keyRef(request));
  if (!row) throw new Error('idempotency key vanished');
  return answerFrom(request, row, answer);
}

/** The last step inside the same transaction: keeps the answer of a key taken by `claimIdempotencyKey`. */
export async function recordIdempotentAnswer<T>(
  tx: Tx,
  request: IdempotencyRequest | null,
  answer: IdempotentAnswer<T>,
  value: T,
): Promise<T> {
  if (!request) return value;
  const kept = answer.keep(value);
  await updateIdempotencyAnswer(tx.db, keyRef(request), {
    result: kept.result,
    sealed: kept.secret === undefined ? null : seal(request.key, kept.secret, request.scope),
  });
  return value;
}

/** Claim, run, record, in the caller's transaction: `run` runs once per key. */
export async function withIdempotency<T>(
  tx: Tx,
  request: IdempotencyRequest | null,
  answer: IdempotentAnswer<T>,
  run: () => Promise<T>,
): Promise<T> {
  const replay = await claimIdempotencyKey(tx, request, answer);
  if (replay) return replay.answer;
  return recordIdempotentAnswer(tx, request, answer, await run());
}

/**
 * A look without waiting or taking the key, before costly work (processing
 * photos): the answer of a request already answered, a 409 for another request
 * with the key, else null. `claimIdempotencyKey` still decides.
 */
export async function peekIdempotentAnswer<T>(
  db: Db,
  request: IdempotencyRequest | null,
  answer: IdempotentAnswer<T>,
): Promise<Replay<T> | null> {
  if (!request) return null;
  // A request still running has not committed its key: it is not seen here.
  const row = await findIdempotencyKey(db, keyRef(request));
  return row ? answerFrom(request, row, answer) : null;
}

/** Housekeeping for the lifecycle job: keys answer their request for 24 hours. */
export async function deleteOldIdempotencyKeys(db: Db, now: Date): Promise<number> {
  return deleteIdempotencyKeysTakenUntil(db, new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS));
}
