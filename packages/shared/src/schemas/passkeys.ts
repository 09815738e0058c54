import { z } from 'zod';
import {
  factorNameSchema,
  oneProof,
  oneProofRule,
  reauthFields,
  signInChallengeSchema,
} from './second-factors.js';
import { ceremonyIdSchema, registrationCredentialSchema } from './webauthn.js';

/** The bodies of the passkey calls (issue 27); the credentials' shapes are in webauthn.ts. */

/** Adds a passkey: the registration the browser made, a name, and the password or a code. */
export const addPasskeyBodySchema = z
  .object({
    ceremonyId: ceremonyIdSchema,
    name: factorNameSchema,
    credential: registrationCredentialSchema,
    ...reauthFields,
  })
  .refine(oneProof, oneProofRule);
export type AddPasskeyBody = z.infer<typeof addPasskeyBodySchema>;

/** The second step's passkey ceremony is started with the password step's challenge. */
export const passkeySecondStepOptionsBodySchema = z.object({ challenge: signInChallengeSchema });
export type PasskeySecondStepOptionsBody = z.infer<typeof passkeySecondStepOptionsBodySchema>;
