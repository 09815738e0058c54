import {
  endAccountSessionEndpoint,
  endOtherAccountSessionsEndpoint,
  listAccountSessionsEndpoint,
  type AccountSessionsResult,
} from '@adboard/shared';
import { call } from './client';

/** The account page's calls (issue 27): where one is signed in, and ending sessions. */
export const accountSessionsApi = {
  list(): Promise<AccountSessionsResult> {
    return call(listAccountSessionsEndpoint, {});
  },

  async end(id: string): Promise<void> {
    await call(endAccountSessionEndpoint, { params: { id } });
  },

  async endOthers(): Promise<void> {
    await call(endOtherAccountSessionsEndpoint, {});
  },
};
