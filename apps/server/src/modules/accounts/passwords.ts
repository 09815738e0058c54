import { messages } from '@adboard/shared';
import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { RefusedError } from '../../domain/errors.js';

/** OWASP's argon2id settings: 19 MiB, 2 passes, 1 lane (argon2id is the library default). */
const argonOptions = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const commonPasswords: ReadonlySet<string> = new Set(
  (dictionary['passwords-common'] ?? []).map((p) => p.toLowerCase()),
);

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

/** The site's password rule (NIST SP 800-63B): a minimum length and no common passwords. */
export function passwordProblem(password: string, minLength: number): string | null {
  if ([...password].length < minLength) return messages.auth.passwordTooShort(minLength);
  if (isCommonPassword(password)) return messages.auth.passwordTooCommon;
  return null;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, argonOptions);
}

/**
 * The hash of a new password the site's rule accepts, or the refusal naming its
 * problem. Slow on purpose: routes run it before their transaction opens.
 */
export async function hashNewPassword(password: string, minLength: number): Promise<string> {
  const problem = passwordProblem(password, minLength);
  if (problem) throw new RefusedError(problem, { fields: { password: problem } });
  return hashPassword(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
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
