import { useQuery } from '@tanstack/react-query';
import { accountApi } from '../../lib/account-api';

export const siteQueryKey = ['site'] as const;

/** GET /api/site, fetched once per page load. */
export function useSiteQuery() {
  return useQuery({
    queryKey: siteQueryKey,
    queryFn: accountApi.getSite,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
