import { z } from 'zod';
import { accountMessages as accountSaid } from '../i18n/catalogues/account/index.js';
import { tagsOf } from '../i18n/said.js';

const accountMessages = tagsOf(accountSaid);
import { secondFactorLimits } from '../limits.js';
import { textSchema } from './common.js';

const passkeys = accountMessages.passkeys;

/**
 * Passkeys (WebAuthn, issue 27). The browser's credential is the JSON that
 * `@simplewebauthn/browser` answers (RegistrationResponseJSON,
 * AuthenticationResponseJSON): base64url strings checked for shape and size here,
 * the signature and everything in them checked by the server's ceremony
 * (modules/accounts/webauthn-ceremonies.ts). Unknown keys are dropped.
 */
const base64url = (max: number) =>
  textSchema({ error: passkeys.credentialInvalid })
    .min(1, { error: passkeys.credentialInvalid })
    .max(max, { error: passkeys.credentialInvalid })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: passkeys.credentialInvalid });

const invalid = { error: passkeys.credentialInvalid };

/** How the authenticator is reached ('internal', 'usb', 'hybrid', ...): names kept as given. */
const transportsSchema = z
  .array(textSchema(invalid).min(1, invalid).max(20, invalid), invalid)
  .max(8, invalid)
  .optional();

const credentialBase = {
  id: base64url(secondFactorLimits.passkeyIdMaxLength),
  rawId: base64url(secondFactorLimits.passkeyIdMaxLength),
  type: z.literal('public-key', { error: passkeys.credentialInvalid }),
  /** Extensions are not asked for: whatever the browser says of them is dropped. */
  clientExtensionResults: z
    .unknown()
    .optional()
    .transform((): Record<string, never> => ({})),
  authenticatorAttachment: z.enum(['platform', 'cross-platform'], invalid).optional(),
};

export const registrationCredentialSchema = z.object(
  {
    ...credentialBase,
    response: z.object(
      {
        clientDataJSON: base64url(secondFactorLimits.passkeyDataMaxLength),
        attestationObject: base64url(secondFactorLimits.passkeyDataMaxLength),
        transports: transportsSchema,
      },
      invalid,
    ),
  },
  invalid,
);
export type RegistrationCredential = z.infer<typeof registrationCredentialSchema>;

export const authenticationCredentialSchema = z.object(
  {
    ...credentialBase,
    response: z.object(
      {
        clientDataJSON: base64url(secondFactorLimits.passkeyDataMaxLength),
        authenticatorData: base64url(secondFactorLimits.passkeyDataMaxLength),
        signature: base64url(secondFactorLimits.passkeyDataMaxLength),
        userHandle: base64url(secondFactorLimits.passkeyIdMaxLength).optional(),
      },
      invalid,
    ),
  },
  invalid,
);
export type AuthenticationCredential = z.infer<typeof authenticationCredentialSchema>;

/** The id of a ceremony the server started (its challenge is kept on the server). */
export const ceremonyIdSchema = z.uuid({ error: passkeys.ceremonyGone });

/**
 * The options a ceremony starts with, for `startRegistration` / `startAuthentication`
 * of `@simplewebauthn/browser` (PublicKeyCredentialCreationOptionsJSON and
 * PublicKeyCredentialRequestOptionsJSON, made by the server's library).
 */
export const passkeyOptionsSchema = z.object({ challenge: z.string() }).catchall(z.unknown());

export const passkeyCeremonyResultSchema = z.object({
  success: z.literal(true),
  ceremonyId: z.uuid(),
  options: passkeyOptionsSchema,
});
export type PasskeyCeremonyResult = z.infer<typeof passkeyCeremonyResultSchema>;

/** A passkey's answer to a ceremony the server started. */
export const passkeyAssertionSchema = z.object({
  ceremonyId: ceremonyIdSchema,
  credential: authenticationCredentialSchema,
});
export type PasskeyAssertion = z.infer<typeof passkeyAssertionSchema>;
/** A passkey's answer as the browser sends it (before the schema's defaults). */
export type PasskeyAssertionInput = z.input<typeof passkeyAssertionSchema>;
