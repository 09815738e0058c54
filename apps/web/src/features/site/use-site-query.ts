import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const siteQueryKey = ['site'] as const;

/** GET /api/site, fetched once per page load. */
export function useSiteQuery() {
  return useQuery({
    queryKey: siteQueryKey,
    queryFn: api.getSite,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
