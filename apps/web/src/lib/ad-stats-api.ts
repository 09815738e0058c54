import { adStatsEndpoint, type AdStats } from '@adboard/shared';
import { call } from './client';

/** Each ad's statistics (issue 29): the owner's session or the ad's edit token. */
export const adStatsApi = {
  get(id: string, days: number): Promise<AdStats> {
    return call(adStatsEndpoint, { params: { id }, query: { days } }, { adId: id });
  },
};
