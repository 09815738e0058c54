import {
  changePasswordEndpoint,
  loginEndpoint,
  logoutEndpoint,
  registerEndpoint,
  resendCodeEndpoint,
  resetPasswordEndpoint,
  verifyEmailEndpoint,
  type ChangePasswordBody,
  type LoginBody,
  type RegisterBody,
  type ResendCodeBody,
  type ResetPasswordBody,
  type SecondFactorKind,
  type SessionUser,
  type VerifyEmailBody,
} from '@adboard/shared';
import { unsuccessful } from './api';
import { call } from './client';

/**
 * The account forms' calls (sign up, sign in, codes, passwords), each a declared endpoint
 * of packages/shared/src/contract. The session check is session-api.ts, the site site-api.ts.
 */
export const accountApi = {
  /**
   * Resolves with the signed-in user when completed registration needed no code
   * (the ad's activation link had proved the email), else null: a code was mailed.
   */
  async register(body: RegisterBody): Promise<SessionUser | null> {
    const result = await call(registerEndpoint, { body });
    return result.user ?? null;
  },

  /** Resolves with the signed-in user; a wrong code rejects with the server's error. */
  async verifyEmail(body: VerifyEmailBody): Promise<SessionUser> {
    const result = await call(verifyEmailEndpoint, { body });
    if (!result.success || !result.user) throw unsuccessful(result.error);
    return result.user;
  },

  async resendCode(body: ResendCodeBody): Promise<void> {
    await call(resendCodeEndpoint, { body });
  },

  /**
   * The signed-in user, or the challenge of the second step when the account has a
   * second factor (issue 27). Rejects with an ApiError; `verifyEmail` is set when the
   * email still needs its code.
   */
  async login(
    body: LoginBody,
  ): Promise<{ user: SessionUser } | { challenge: string; factorKinds: SecondFactorKind[] }> {
    const result = await call(loginEndpoint, { body });
    if (result.success && result.challenge) {
      return { challenge: result.challenge, factorKinds: result.factorKinds ?? ['totp'] };
    }
    if (!result.success || !result.data) throw unsuccessful(result.error, result.verifyEmail);
    return { user: result.data };
  },

  async logout(): Promise<void> {
    await call(logoutEndpoint, {});
  },

  async resetPassword(body: ResetPasswordBody): Promise<void> {
    await call(resetPasswordEndpoint, { body });
  },

  async changePassword(body: ChangePasswordBody): Promise<void> {
    await call(changePasswordEndpoint, { body });
  },
};
