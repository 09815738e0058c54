import { z } from 'zod';
import { accountMessages as accountSaid } from '../i18n/catalogues/account/index.js';
import { secondStepMessages } from '../i18n/catalogues/second-step/index.js';
import { tagsOf } from '../i18n/said.js';

const accountMessages = tagsOf(accountSaid);
import { secondFactorLimits } from '../limits.js';
import { passwordSchema } from './account.js';
import { secondFactorKinds } from './factor-kinds.js';
import { doneSchema, textSchema } from './common.js';
import { passkeyAssertionSchema, type PasskeyAssertion } from './webauthn.js';

const twoStep = accountMessages.twoStep;
/** The code's rule and the challenge's end: the sign-in's second step says them too. */
const secondStep = tagsOf(secondStepMessages.twoStep);

/**
 * What the security_events table records and the notice mail says (one list: the
 * table's check is made from it, migration 0017). `password_changed` and
 * `email_changed` are for the account's password and email changes.
 */
export const securityEventKinds = [
  'factor_added',
  'factor_removed',
  'recovery_code_used',
  'recovery_codes_regenerated',
  'new_device',
  'factors_reset',
  'password_changed',
  'email_changed',
  'account_deleted',
] as const;
export type SecurityEventKind = (typeof securityEventKinds)[number];

/**
 * Who must have a second factor besides staff (always): a site setting
 * (apps/server site-registry.ts). 'paid-ads': advertisers with a paid ad.
 */
export const advertiserSecondFactorRules = ['optional', 'paid-ads', 'always'] as const;
export type AdvertiserSecondFactorRule = (typeof advertiserSecondFactorRules)[number];

/** A 6-digit authenticator code (spaces a user types between the digits dropped). */
export const totpCodePattern = /^\d{6}$/;
/** A recovery code without its dashes: 16 base32 characters (80 bits). */
export const recoveryCodePattern = /^[a-z2-7]{16}$/;

/** A code as typed: spaces and dashes dropped, lower case; then its shape is checked. */
export function normalizeSecondFactorCode(text: string): string {
  return text.replace(/[\s-]/g, '').toLowerCase();
}

/** A code the sign-in's second step or a re-authentication takes: an app's, or a recovery code. */
export const secondFactorCodeSchema = textSchema({ error: secondStep.codeInvalid })
  .max(40, { error: secondStep.codeInvalid })
  .transform(normalizeSecondFactorCode)
  .refine((code) => totpCodePattern.test(code) || recoveryCodePattern.test(code), {
    error: secondStep.codeInvalid,
  });

/** The first code of a new authenticator app, which confirms its set-up. */
export const totpCodeSchema = textSchema({ error: secondStep.codeInvalid })
  .max(20, { error: secondStep.codeInvalid })
  .transform(normalizeSecondFactorCode)
  .refine((code) => totpCodePattern.test(code), { error: secondStep.codeInvalid });

export const factorNameSchema = textSchema({
  error: twoStep.nameInvalid({ max: secondFactorLimits.factorNameMaxLength }),
})
  .min(1, { error: twoStep.nameInvalid({ max: secondFactorLimits.factorNameMaxLength }) })
  .max(secondFactorLimits.factorNameMaxLength, {
    error: twoStep.nameInvalid({ max: secondFactorLimits.factorNameMaxLength }),
  });

/**
 * The re-authentication every change of the factors carries in its body: the
 * password, or a current code (an app's or a recovery code). A stolen session alone
 * changes nothing.
 */
export const reauthFields = {
  password: passwordSchema.optional(),
  code: secondFactorCodeSchema.optional(),
};

/** Exactly one proof: the password or a code. */
export function oneProof(body: {
  password?: string | undefined;
  code?: string | undefined;
}): boolean {
  return (body.password === undefined) !== (body.code === undefined);
}
export const oneProofRule = { error: twoStep.reauthRequired, path: ['password'] };

/** A proof asked again: the password, a code, or (with the password, for the data calls) a passkey. */
export type ReauthProof = { password: string } | { code: string } | { passkey: PasskeyAssertion };

/** The proof a body carries (its schema made sure there is exactly one). */
export function reauthProofOf(body: {
  password?: string | undefined;
  code?: string | undefined;
}): ReauthProof {
  return body.code !== undefined ? { code: body.code } : { password: body.password ?? '' };
}

/** The password step's answer (LoginResult.challenge), the token of the second step. */
export const signInChallengeSchema = textSchema({ error: secondStep.challengeGone })
  .min(16, { error: secondStep.challengeGone })
  .max(200, { error: secondStep.challengeGone });

const secondStepFields = {
  challenge: signInChallengeSchema,
  /** No second step on this browser for secondFactorLimits.rememberDeviceDays. */
  remember: z.boolean().optional().default(false),
};

/** The second step answered with a code (the form of the code). */
export const secondFactorCodeStepSchema = z.object({
  ...secondStepFields,
  code: secondFactorCodeSchema,
});

/** The second step: the challenge, and a code or a passkey's answer (exactly one). */
export const secondFactorSignInBodySchema = z
  .object({
    ...secondStepFields,
    code: secondFactorCodeSchema.optional(),
    passkey: passkeyAssertionSchema.optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.passkey === undefined), {
    error: secondStep.codeInvalid,
    path: ['code'],
  });
export type SecondFactorSignInBody = z.infer<typeof secondFactorSignInBodySchema>;

export const secondFactorSchema = z.object({
  id: z.uuid(),
  kind: z.enum(secondFactorKinds),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type SecondFactor = z.infer<typeof secondFactorSchema>;

export const secondFactorsResultSchema = z.object({
  success: z.literal(true),
  /** The account must keep a factor (staff; advertisers where the site says so). */
  required: z.boolean(),
  factors: z.array(secondFactorSchema),
  /** Unused recovery codes. */
  recoveryCodesLeft: z.number().int(),
});
export type SecondFactorsResult = z.infer<typeof secondFactorsResultSchema>;

export const startTotpResultSchema = z.object({
  success: z.literal(true),
  setupId: z.uuid(),
  /** Base32, for manual entry. */
  secret: z.string(),
  /** The otpauth:// URI the QR code holds. */
  uri: z.string(),
});
export type StartTotpResult = z.infer<typeof startTotpResultSchema>;

export const confirmTotpBodySchema = z
  .object({
    setupId: z.uuid({ error: twoStep.setupGone }),
    name: factorNameSchema,
    newCode: totpCodeSchema,
    ...reauthFields,
  })
  .refine(oneProof, oneProofRule);
export type ConfirmTotpBody = z.infer<typeof confirmTotpBodySchema>;

/** Recovery codes, shown this once (the first factor makes them; regenerating makes new ones). */
export const recoveryCodesResultSchema = doneSchema.extend({
  recoveryCodes: z.array(z.string()).optional(),
});
export type RecoveryCodesResult = z.infer<typeof recoveryCodesResultSchema>;

export const renameFactorBodySchema = z
  .object({ name: factorNameSchema, ...reauthFields })
  .refine(oneProof, oneProofRule);
export type RenameFactorBody = z.infer<typeof renameFactorBodySchema>;

export const reauthBodySchema = z.object(reauthFields).refine(oneProof, oneProofRule);
export type ReauthBody = z.infer<typeof reauthBodySchema>;

export const factorIdParamsSchema = z.object({
  id: z.uuid({ error: twoStep.notFound }),
});
