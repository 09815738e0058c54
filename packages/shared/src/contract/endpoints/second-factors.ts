import { loginResultSchema } from '../../schemas/account.js';
import { doneSchema } from '../../schemas/common.js';
import {
  confirmTotpBodySchema,
  factorIdParamsSchema,
  reauthBodySchema,
  recoveryCodesResultSchema,
  renameFactorBodySchema,
  secondFactorSignInBodySchema,
  secondFactorsResultSchema,
  startTotpResultSchema,
} from '../../schemas/second-factors.js';
import { endpoint } from '../endpoint.js';

const tag = 'Accounts';

/** The sign-in's second step (issue 27): the password step's challenge and a code. */
export const secondFactorSignInEndpoint = endpoint({
  method: 'POST',
  path: '/api/user/login/second-factor',
  summary:
    'Completes a sign-in whose password step answered a challenge: an authenticator code or a recovery code; answers the session token, and may remember the device for 30 days.',
  tag,
  access: 'anyone',
  rateLimit: { action: 'secondFactorSignIn' },
  body: secondFactorSignInBodySchema,
  responses: { 200: loginResultSchema },
  errors: ['unauthorized', 'forbidden', 'gone', 'rate_limited'],
});

export const listSecondFactorsEndpoint = endpoint({
  method: 'GET',
  path: '/api/account/second-factors',
  summary:
    "The signed-in account's authenticator apps, its unused recovery codes, and whether it must keep one.",
  tag,
  access: 'user',
  rateLimit: { action: 'secondFactors', account: 'user' },
  responses: { 200: secondFactorsResultSchema },
  errors: ['unauthorized', 'rate_limited'],
});

export const startTotpEndpoint = endpoint({
  method: 'POST',
  path: '/api/account/second-factors/totp',
  summary:
    'Starts adding an authenticator app: a new key (for the QR code and manual entry), unused until a first code confirms it.',
  tag,
  access: 'user',
  rateLimit: { action: 'secondFactors', account: 'user' },
  responses: { 200: startTotpResultSchema },
  errors: ['unauthorized', 'refused', 'rate_limited'],
});

export const confirmTotpEndpoint = endpoint({
  method: 'POST',
  path: '/api/account/second-factors/totp/confirm',
  summary:
    "Turns a started authenticator app on with its first code and the password (or a current code); the account's first factor answers its recovery codes.",
  tag,
  access: 'user',
  rateLimit: { action: 'secondFactors', account: 'user' },
  body: confirmTotpBodySchema,
  responses: { 200: recoveryCodesResultSchema },
  errors: ['unauthorized', 'refused', 'gone', 'rate_limited'],
});

export const renameSecondFactorEndpoint = endpoint({
  method: 'POST',
  path: '/api/account/second-factors/{id}/rename',
  summary:
    "Renames one of the caller's authenticator apps (the password or a current code asked again).",
  tag,
  access: 'user',
  rateLimit: { action: 'secondFactors', account: 'user' },
  params: factorIdParamsSchema,
  body: renameFactorBodySchema,
  responses: { 200: doneSchema },
  errors: ['unauthorized', 'not_found', 'rate_limited'],
});

export const removeSecondFactorEndpoint = endpoint({
  method: 'POST',
  path: '/api/account/second-factors/{id}/remove',
  summary:
    "Removes one of the caller's authenticator apps (the password or a current code asked again); an account that must keep one cannot remove its last.",
  tag,
  access: 'user',
  rateLimit: { action: 'secondFactors', account: 'user' },
  params: factorIdParamsSchema,
  body: reauthBodySchema,
  responses: { 200: doneSchema },
  errors: ['unauthorized', 'not_found', 'refused', 'rate_limited'],
});

export const regenerateRecoveryCodesEndpoint = endpoint({
  method: 'POST',
  path: '/api/account/recovery-codes',
  summary:
    'Makes ten new recovery codes, shown once; the old ones stop working (the password or a current code asked again).',
  tag,
  access: 'user',
  rateLimit: { action: 'secondFactors', account: 'user' },
  body: reauthBodySchema,
  responses: { 200: recoveryCodesResultSchema },
  errors: ['unauthorized', 'refused', 'rate_limited'],
});
