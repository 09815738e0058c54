import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software passkey for the server's tests: it makes and signs WebAuthn answers the
 * way an authenticator and a browser do (ES256, 'none' attestation, the client data
 * JSON of the origin it is told), so the server's ceremonies are checked end to end
 * without a browser. The browser tests use Chromium's virtual authenticator instead.
 */
export interface SoftAuthenticatorOptions {
  /** The page's origin the browser would put in the client data. */
  origin: string;
  /** Whether the authenticator verified its user (fingerprint, face or PIN). */
  userVerified?: boolean;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

interface RequestOptions {
  challenge: string;
  rpId?: string;
}

const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();

/** base64url of bytes (the library's helper wants an ArrayBuffer-backed array). */
const b64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');

function uint32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  private rpId = '';
  private userHandle = '';
  counter = 0;
  origin: string;
  userVerified: boolean;

  constructor(options: SoftAuthenticatorOptions) {
    this.origin = options.origin;
    this.userVerified = options.userVerified ?? true;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private flags(attested: boolean): number {
    return 0x01 | (this.userVerified ? 0x04 : 0) | (attested ? 0x40 : 0);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string): Buffer {
    return Buffer.from(
      JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }),
    );
  }

  private cosePublicKey(): Uint8Array {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const coord = (v: string | undefined) => new Uint8Array(Buffer.from(v ?? '', 'base64url'));
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, coord(jwk.x)],
        [-3, coord(jwk.y)],
      ]),
    );
  }

  /** navigator.credentials.create(): the RegistrationResponseJSON of a new passkey. */
  create(options: CreationOptions) {
    this.rpId = options.rp.id ?? new URL(this.origin).hostname;
    this.userHandle = options.user.id;
    const credentialId = this.credentialId;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      sha256(this.rpId),
      Buffer.from([this.flags(true)]),
      uint32(this.counter),
      Buffer.alloc(16),
      idLength,
      credentialId,
      Buffer.from(this.cosePublicKey()),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge)),
        attestationObject: b64url(attestationObject),
        transports: ['internal' as const],
      },
    };
  }

  /** navigator.credentials.get(): the AuthenticationResponseJSON, its counter moved on. */
  get(options: RequestOptions) {
    this.counter += 1;
    const rpId = options.rpId ?? this.rpId;
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(false)]),
      uint32(this.counter),
    ]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      this.keys.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: this.userHandle,
      },
    };
  }
}
