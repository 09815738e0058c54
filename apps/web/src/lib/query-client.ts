import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/** Retry only what may pass on a second try: no answer at all, or a 5xx. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return failureCount < 2 && (error.isNetworkError || error.status >= 500);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
