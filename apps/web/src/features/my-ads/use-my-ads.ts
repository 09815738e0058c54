import { useQuery } from '@tanstack/react-query';
import { adApi } from '../../lib/ad-api';
import { useAuth } from '../auth/auth-context';

/** GET /api/posts: the signed-in user's ads. Keyed by session so users never share a cache. */
export function useMyAds() {
  const { session } = useAuth();
  return useQuery({
    queryKey: ['posts', session],
    queryFn: adApi.getMyAds,
    enabled: session !== null,
  });
}
