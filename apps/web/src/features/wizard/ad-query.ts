import { skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const adQueryKey = (postId: string) => ['ad', postId] as const;

/** GET /api/post/{id} with the ad's edit token; idle while there is no ad yet. */
export function useAd(postId: string | null) {
  return useQuery({
    queryKey: adQueryKey(postId ?? ''),
    queryFn: postId ? () => api.getPost(postId) : skipToken,
  });
}
