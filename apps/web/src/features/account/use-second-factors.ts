import { useQuery, useQueryClient } from '@tanstack/react-query';
import { secondFactorApi } from '../../lib/second-factor-api';
import { useAuth } from '../auth/auth-context';

/** GET /api/account/second-factors, keyed by session so two accounts never share a cache. */
export function useSecondFactors() {
  const { session } = useAuth();
  return useQuery({
    queryKey: ['second-factors', session],
    queryFn: secondFactorApi.list,
    enabled: session !== null,
  });
}

/** After a change: the list again, and the user status (the console's door reads it). */
export function useRefreshSecondFactors() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['second-factors'] }),
      queryClient.invalidateQueries({ queryKey: ['user-status'] }),
    ]);
  };
}
