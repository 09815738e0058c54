import { useQuery } from '@tanstack/react-query';
import { getSite } from '../../lib/site-api';
import { readEmbeddedSite } from './embedded-site';

export const siteQueryKey = ['site'] as const;

/**
 * The site's configuration: from the page itself when the server wrote it there (no
 * request before the first screen), else GET /api/site, once per page load.
 */
export function useSiteQuery() {
  return useQuery({
    queryKey: siteQueryKey,
    queryFn: getSite,
    initialData: readEmbeddedSite,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
