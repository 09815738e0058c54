import os from 'node:os';
import { answers, type Said } from '@adboard/shared';
import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { RefusedError } from '../../domain/errors.js';
import { newToken } from './secrets.js';

/** OWASP's argon2id settings: 19 MiB, 2 passes, 1 lane (argon2id is the library default). */
const argonOptions = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const commonPasswords: ReadonlySet<string> = new Set(
  (dictionary['passwords-common'] ?? []).map((p) => p.toLowerCase()),
);

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

/** The site's password rule (NIST SP 800-63B): a minimum length and no common passwords. */
export function passwordProblem(password: string, minLength: number): Said | null {
  if ([...password].length < minLength) return answers.auth.passwordTooShort({ minLength });
  if (isCommonPassword(password)) return answers.auth.passwordTooCommon;
  return null;
}

/**
 * Hashes (and checks) that run at once: one per core but one, at least one. Each
 * takes a core for tens of milliseconds; a burst of sign-ups running one per
 * request left the event loop (every other request, the account mails) a fraction
 * of the CPU, and the burst's codes fell seconds behind (issue 24). The rest wait
 * their turn, in order.
 */
export const hashLanes = Math.max(1, os.availableParallelism() - 1);
let running = 0;
const waiting: (() => void)[] = [];

/** Hashes in progress now (never more than `hashLanes`). */
export function hashesAtOnce(): number {
  return running;
}

async function inHashLane<T>(work: () => Promise<T>): Promise<T> {
  if (running >= hashLanes) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    // The lane passes straight to the next in line, or is freed.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

export function hashPassword(password: string): Promise<string> {
  return inHashLane(() => hash(password, argonOptions));
}

/**
 * The hash of a random secret nobody is ever told: an account whose owner has not
 * chosen a password yet (a staff account invited by mail) has none that signs in,
 * and the column stays a real argon2id hash like every other.
 */
export function unusablePasswordHash(): Promise<string> {
  return hashPassword(newToken());
}

/**
 * The hash of a new password the site's rule accepts, or the refusal naming its
 * problem (under `field`, the body's name for the new password). Every new password
 * comes through here: register, complete registration, reset, the account page's
 * change password and the CLI's create-user. Slow on purpose: routes run it before
 * their transaction opens.
 */
export async function hashNewPassword(
  password: string,
  minLength: number,
  field = 'password',
): Promise<string> {
  const problem = passwordProblem(password, minLength);
  if (problem) throw new RefusedError(problem, { fields: { [field]: problem } });
  return hashPassword(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await inHashLane(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;
/**
 * Verifies against a throw-away hash so an unknown email costs the same time
 * as a known one and the answer time tells nothing.
 */
export async function burnPasswordCheck(password: string): Promise<false> {
  dummyHash ??= hashPassword('timing-equaliser-not-a-real-password');
  await verifyPassword(await dummyHash, password);
  return false;
}
