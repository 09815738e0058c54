import type { AuthenticationCredential, RegistrationCredential } from '@adboard/shared';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { SiteConfig } from '../sites/site-registry.js';

/**
 * WebAuthn's ceremonies (issue 27), through @simplewebauthn/server: the only file that
 * speaks to it. Each brand is its own relying party, its id the brand's public domain,
 * so the portal (`post.<domain>`) and the city subdomains share its passkeys and no
 * other brand can use them. The origin a browser signs must be the app's origin the
 * request came to (request-context.ts's appOrigin, known hosts only). User
 * verification (fingerprint, face or PIN) is required in every ceremony.
 */
export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

export function relyingPartyOf(site: SiteConfig, appOrigin: string): RelyingParty {
  return { id: site.publicDomain, name: site.name, origin: appOrigin };
}

const timeoutMs = 5 * 60_000;

/** A credential the account already holds, so the browser does not make it twice. */
export interface KnownCredential {
  credentialId: string;
  transports: string[];
}

function descriptorOf(known: KnownCredential) {
  return { id: known.credentialId, transports: known.transports };
}

/** The account's id as the credential's user handle (16 bytes of the UUID). */
function userHandleOf(userId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(userId.replace(/-/g, ''), 'hex'));
}

/** The user handle a passkey answers, back to the account's id (null when not one). */
export function userIdOfHandle(handle: string | undefined): string | null {
  if (!handle) return null;
  const hex = Buffer.from(isoBase64URL.toBuffer(handle)).toString('hex');
  if (hex.length !== 32) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export async function registrationOptions(
  rp: RelyingParty,
  user: { id: string; email: string },
  existing: KnownCredential[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userID: userHandleOf(user.id),
    attestationType: 'none',
    timeout: timeoutMs,
    excludeCredentials: existing.map(descriptorOf),
    // Discoverable, so the same passkey also signs in without a password.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
}

export async function authenticationOptions(
  rp: RelyingParty,
  allow: KnownCredential[],
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: rp.id,
    timeout: timeoutMs,
    userVerification: 'required',
    allowCredentials: allow.map(descriptorOf),
  });
}

/** What a ceremony's check found: the signature's outcome, said in one word. */
export type CeremonyFailure = 'invalid' | 'unverified';

export interface NewPasskey {
  credentialId: string;
  publicKey: string;
  signCount: number;
  transports: string[];
}

/**
 * Checks the browser's registration against the challenge kept on the server: the
 * origin, the relying party, the challenge, the signature of the attestation, and
 * that the user was verified. Never throws on a bad answer.
 */
export async function verifyRegistration(
  rp: RelyingParty,
  credential: RegistrationCredential,
  challenge: string,
): Promise<NewPasskey | CeremonyFailure> {
  try {
    const result = await verifyRegistrationResponse({
      response: credential,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    if (!result.verified) return 'invalid';
    if (!result.registrationInfo.userVerified) return 'unverified';
    const { credential: made } = result.registrationInfo;
    return {
      credentialId: made.id,
      publicKey: isoBase64URL.fromBuffer(made.publicKey),
      signCount: made.counter,
      transports: made.transports ?? credential.response.transports ?? [],
    };
  } catch {
    return 'invalid';
  }
}

/**
 * Checks a passkey's answer to a request: the origin, the relying party, the
 * challenge, the signature by the stored public key, that the user was verified, and
 * that the counter moved on (a cloned authenticator's does not). Answers the new
 * counter. Never throws on a bad answer.
 */
export async function verifyAuthentication(
  rp: RelyingParty,
  credential: AuthenticationCredential,
  challenge: string,
  stored: NewPasskey,
): Promise<{ signCount: number } | CeremonyFailure> {
  try {
    const result = await verifyAuthenticationResponse({
      response: credential,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
      credential: {
        id: stored.credentialId,
        publicKey: isoBase64URL.toBuffer(stored.publicKey),
        counter: stored.signCount,
        transports: stored.transports,
      },
    });
    if (!result.verified) return 'invalid';
    if (!result.authenticationInfo.userVerified) return 'unverified';
    return { signCount: result.authenticationInfo.newCounter };
  } catch {
    return 'invalid';
  }
}
