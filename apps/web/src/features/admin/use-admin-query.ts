import { answers } from '@adboard/shared';
import { sayNow } from '../../i18n/say';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { ApiError } from '../../lib/api';
import { useAuth } from '../auth/auth-context';

/** Every console query starts with this key; a decision refreshes them all. */
export const adminKey = 'admin';

/**
 * A console read, keyed by session so two accounts never share a cache. A 401 (the
 * session ended, e.g. the moderator was banned) signs out; RequireAuth then shows /login.
 */
export function useAdminQuery<T>(key: readonly unknown[], read: () => Promise<T>, enabled = true) {
  const { session } = useAuth();
  const query = useQuery({
    queryKey: [adminKey, session, ...key],
    queryFn: read,
    enabled: enabled && session !== null,
  });
  useSignOutOnUnauthorized(query.error);
  return query;
}

export function useSignOutOnUnauthorized(error: unknown): void {
  const { signOut } = useAuth();
  const unauthorized = error instanceof ApiError && error.status === 401;
  useEffect(() => {
    if (!unauthorized) return;
    toast(sayNow(answers.auth.signInRequired), { id: 'sign-in-required' });
    signOut();
  }, [unauthorized, signOut]);
}

/** After a change: every console list and count may differ now. */
export function useRefreshConsole(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [adminKey] });
}
