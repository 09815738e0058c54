import {
  deleteAccountEndpoint,
  exportAccountDataEndpoint,
  type AccountDataExport,
  type PasswordAndFactorInput,
} from '@adboard/shared';
import { call } from './client';

/** The account page's data download and deletion (issue 27): each asks for the password. */
export const accountDataApi = {
  export(body: PasswordAndFactorInput): Promise<AccountDataExport> {
    return call(exportAccountDataEndpoint, { body });
  },

  async deleteAccount(body: PasswordAndFactorInput): Promise<void> {
    await call(deleteAccountEndpoint, { body });
  },
};
