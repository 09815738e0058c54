import {
  addPasskeyEndpoint,
  passkeySignInEndpoint,
  secondFactorSignInEndpoint,
  startPasskeyReauthEndpoint,
  startPasskeyRegistrationEndpoint,
  startPasskeySecondStepEndpoint,
  startPasskeySignInEndpoint,
  type PasskeyAssertionInput,
  type PasskeyCeremonyResult,
  type SessionUser,
} from '@adboard/shared';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { unsuccessful } from './api';
import { call } from './client';
import { PasskeyPromptError } from './passkey-support';
import type { ReauthInput } from './second-factor-api';

/**
 * Passkeys in the browser (issue 27): the server starts each ceremony, the browser's
 * WebAuthn (through @simplewebauthn/browser, loaded only when a passkey is used, so
 * the sign-in page's first load stays small) answers it, the server checks the answer.
 * The options are the server library's JSON, the very shape the browser library reads.
 */
const webauthn = () => import('@simplewebauthn/browser');

function creationOptions(ceremony: PasskeyCeremonyResult) {
  return ceremony.options as unknown as PublicKeyCredentialCreationOptionsJSON;
}

function requestOptions(ceremony: PasskeyCeremonyResult) {
  return ceremony.options as unknown as PublicKeyCredentialRequestOptionsJSON;
}

async function ask<T>(prompt: () => Promise<T>): Promise<T> {
  try {
    return await prompt();
  } catch (error) {
    throw new PasskeyPromptError(error instanceof Error ? error.name : 'unknown');
  }
}

async function answer(ceremony: PasskeyCeremonyResult) {
  const { startAuthentication } = await webauthn();
  return ask(() => startAuthentication({ optionsJSON: requestOptions(ceremony) }));
}

export const passkeyApi = {
  /** Adds a passkey: the browser makes it, the server keeps it. First factor: recovery codes. */
  async add(body: { name: string } & ReauthInput): Promise<string[] | undefined> {
    const ceremony = await call(startPasskeyRegistrationEndpoint, {});
    const { startRegistration } = await webauthn();
    const credential = await ask(() =>
      startRegistration({ optionsJSON: creationOptions(ceremony) }),
    );
    const result = await call(addPasskeyEndpoint, {
      body: { ceremonyId: ceremony.ceremonyId, credential, ...body },
    });
    return result.recoveryCodes;
  },

  /** A passkey of the signed-in account, asked as the factor beside the password. */
  async reauthProof(): Promise<PasskeyAssertionInput> {
    const ceremony = await call(startPasskeyReauthEndpoint, {});
    return { ceremonyId: ceremony.ceremonyId, credential: await answer(ceremony) };
  },

  /** Signs in with a passkey and no password. */
  async signIn(): Promise<SessionUser> {
    const ceremony = await call(startPasskeySignInEndpoint, {});
    const credential = await answer(ceremony);
    const result = await call(passkeySignInEndpoint, {
      body: { ceremonyId: ceremony.ceremonyId, credential },
    });
    if (!result.success || !result.data) throw unsuccessful(result.error);
    return result.data;
  },

  /** The sign-in's second step answered by a passkey of the account. */
  async secondStep(body: { challenge: string; remember: boolean }): Promise<SessionUser> {
    const ceremony = await call(startPasskeySecondStepEndpoint, {
      body: { challenge: body.challenge },
    });
    const credential = await answer(ceremony);
    const result = await call(secondFactorSignInEndpoint, {
      body: { ...body, passkey: { ceremonyId: ceremony.ceremonyId, credential } },
    });
    if (!result.success || !result.data) throw unsuccessful(result.error);
    return result.data;
  },
};
