import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/** Retry only what may pass on a second try: no answer at all, or a 5xx. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return failureCount < 2 && (error.isNetworkError || error.status >= 500);
}

export function createQueryClient(): QueryClient {
  // A refusal at the second-factor door (issue 27) means the account's status is out of
  // date (a first paid ad since it was read): read it again, and the screens show the door.
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.secondFactorRequired) {
      void client.invalidateQueries({ queryKey: ['user-status'] });
    }
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
  return client;
}
