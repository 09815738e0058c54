import {
  changeAccountPasswordEndpoint,
  confirmEmailChangeEndpoint,
  requestEmailChangeEndpoint,
  type AccountPasswordBody,
  type EmailChangeBody,
  type EmailChangeConfirmBody,
} from '@adboard/shared';
import { call } from './client';

/** The account page's password and email calls (issue 27). */
export const accountCredentialsApi = {
  async changePassword(body: AccountPasswordBody): Promise<void> {
    await call(changeAccountPasswordEndpoint, { body });
  },

  async requestEmailChange(body: EmailChangeBody): Promise<void> {
    await call(requestEmailChangeEndpoint, { body });
  },

  /** Resolves with the account's new email. */
  async confirmEmailChange(body: EmailChangeConfirmBody): Promise<string> {
    return (await call(confirmEmailChangeEndpoint, { body })).email;
  },
};
