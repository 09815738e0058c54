import {
  confirmTotpEndpoint,
  listSecondFactorsEndpoint,
  regenerateRecoveryCodesEndpoint,
  removeSecondFactorEndpoint,
  renameSecondFactorEndpoint,
  secondFactorSignInEndpoint,
  startTotpEndpoint,
  type BodyInputOf,
  type SecondFactorsResult,
  type SessionUser,
  type StartTotpResult,
} from '@adboard/shared';
import { unsuccessful } from './api';
import { call } from './client';

/** The password or a current code, asked again by every change (issue 27). */
export type ReauthInput = { password: string } | { code: string };

/** Two-step sign-in's calls: the sign-in's second step and the account page's factors. */
export const secondFactorApi = {
  /** The second step: the session, or an ApiError (wrong code 401, challenge gone 410). */
  async signIn(body: BodyInputOf<typeof secondFactorSignInEndpoint>): Promise<SessionUser> {
    const result = await call(secondFactorSignInEndpoint, { body });
    if (!result.success || !result.data) throw unsuccessful(result.error);
    return result.data;
  },

  list(): Promise<SecondFactorsResult> {
    return call(listSecondFactorsEndpoint, {});
  },

  start(): Promise<StartTotpResult> {
    return call(startTotpEndpoint, {});
  },

  /** Answers the recovery codes when this is the account's first app. */
  async confirm(
    body: { setupId: string; name: string; newCode: string } & ReauthInput,
  ): Promise<string[] | undefined> {
    const result = await call(confirmTotpEndpoint, { body });
    return result.recoveryCodes;
  },

  async rename(id: string, body: { name: string } & ReauthInput): Promise<void> {
    await call(renameSecondFactorEndpoint, { params: { id }, body });
  },

  async remove(id: string, body: ReauthInput): Promise<void> {
    await call(removeSecondFactorEndpoint, { params: { id }, body });
  },

  async regenerate(body: ReauthInput): Promise<string[]> {
    const result = await call(regenerateRecoveryCodesEndpoint, { body });
    return result.recoveryCodes ?? [];
  },
};
