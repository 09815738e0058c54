import { loginResultSchema } from '../../schemas/account.js';
import {
  addPasskeyBodySchema,
  passkeySecondStepOptionsBodySchema,
} from '../../schemas/passkeys.js';
import { recoveryCodesResultSchema } from '../../schemas/second-factors.js';
import { passkeyAssertionSchema, passkeyCeremonyResultSchema } from '../../schemas/webauthn.js';
import { endpoint } from '../endpoint.js';

const tag = 'Accounts';

/** Passkeys (WebAuthn, issue 27): the brand's domain is the relying party. */
export const startPasskeyRegistrationEndpoint = endpoint({
  method: 'POST',
  path: '/api/account/passkeys/options',
  summary:
    "Starts adding a passkey: the creation options for the browser (the brand's domain as relying party, user verification required); the challenge is kept on the server for minutes.",
  tag,
  access: 'user',
  rateLimit: { action: 'secondFactors', account: 'user' },
  responses: { 200: passkeyCeremonyResultSchema },
  errors: ['unauthorized', 'refused', 'rate_limited'],
});

export const addPasskeyEndpoint = endpoint({
  method: 'POST',
  path: '/api/account/passkeys',
  summary:
    "Adds the passkey the browser created, with a name and the password (or a current code) asked again; the account's first factor answers its recovery codes.",
  tag,
  access: 'user',
  rateLimit: { action: 'secondFactors', account: 'user' },
  body: addPasskeyBodySchema,
  responses: { 200: recoveryCodesResultSchema },
  errors: ['unauthorized', 'refused', 'gone', 'conflict', 'rate_limited'],
});

export const startPasskeySignInEndpoint = endpoint({
  method: 'POST',
  path: '/api/user/passkey/options',
  summary:
    'Starts a sign-in without a password: request options for a passkey saved for this brand (discoverable credentials, user verification required).',
  tag,
  access: 'anyone',
  rateLimit: { action: 'passkeySignIn' },
  responses: { 200: passkeyCeremonyResultSchema },
  errors: ['rate_limited'],
});

export const passkeySignInEndpoint = endpoint({
  method: 'POST',
  path: '/api/user/passkey/login',
  summary:
    "Signs in with a passkey's answer to the started request (no password, no second step: the passkey is possession and the user's verification at once); answers the session token.",
  tag,
  access: 'anyone',
  rateLimit: { action: 'passkeySignIn' },
  body: passkeyAssertionSchema,
  responses: { 200: loginResultSchema },
  errors: ['unauthorized', 'forbidden', 'gone', 'rate_limited'],
});

export const startPasskeySecondStepEndpoint = endpoint({
  method: 'POST',
  path: '/api/user/login/second-factor/passkey-options',
  summary:
    "The sign-in's second step by passkey: request options for the account's passkeys, started with the password step's challenge (answered to POST /api/user/login/second-factor).",
  tag,
  access: 'anyone',
  rateLimit: { action: 'secondFactorSignIn' },
  body: passkeySecondStepOptionsBodySchema,
  responses: { 200: passkeyCeremonyResultSchema },
  errors: ['gone', 'rate_limited'],
});

export const startPasskeyReauthEndpoint = endpoint({
  method: 'POST',
  path: '/api/account/passkeys/reauth-options',
  summary:
    "Request options for one of the signed-in account's passkeys, as the factor the data download and the deletion ask for with the password.",
  tag,
  access: 'user',
  rateLimit: { action: 'secondFactors', account: 'user' },
  responses: { 200: passkeyCeremonyResultSchema },
  errors: ['unauthorized', 'gone', 'rate_limited'],
});
