import { skipToken, useQuery } from '@tanstack/react-query';
import { adApi } from '../../lib/ad-api';

export const adQueryKey = (adId: string) => ['ad', adId] as const;

/** GET /api/post/{id} with the ad's edit token; idle while there is no ad yet. */
export function useAd(adId: string | null) {
  return useQuery({
    queryKey: adQueryKey(adId ?? ''),
    queryFn: adId ? () => adApi.getAd(adId) : skipToken,
  });
}
