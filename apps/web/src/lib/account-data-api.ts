import {
  deleteAccountEndpoint,
  exportAccountDataEndpoint,
  type AccountDataExport,
  type ReauthBody,
} from '@adboard/shared';
import { call } from './client';

/** The account page's data download and deletion (issue 27): each asks for the password. */
export const accountDataApi = {
  export(body: ReauthBody): Promise<AccountDataExport> {
    return call(exportAccountDataEndpoint, { body });
  },

  async deleteAccount(body: ReauthBody): Promise<void> {
    await call(deleteAccountEndpoint, { body });
  },
};
