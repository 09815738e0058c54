import type { SessionUser } from '@adboard/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ApiError } from '../../lib/api';
import { getUserStatus } from '../../lib/session-api';
import {
  isSessionStorageKey,
  readStoredSession,
  writeStoredSession,
  type StoredSession,
} from '../../lib/session-store';
import { useAccountLanguage } from './account-language';
import { AuthContext, type AuthState } from './auth-context';
import { forgetSignedInUser } from './forget-signed-in-user';

/**
 * Queries that belong to the signed-in user and must not survive a sign-out: their
 * ads (one ad holds its owner's contacts: wizard/ad-query.ts), their status, an ad's
 * activation and the console's (admin/use-admin-query.ts). Named here, not imported:
 * those modules bring the ad and console contracts into every screen's start.
 */
const userQueryRoots = ['posts', 'user-status', 'ad', 'activation', 'admin'];

/**
 * Keeps the signed-in state. A stored session restores it at once; it is then
 * checked in the background with GET /api/user/status, and a session the server no
 * longer knows signs the app out.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [stored, setStored] = useState<StoredSession | null>(readStoredSession);

  const signIn = useCallback((user: SessionUser) => {
    writeStoredSession(user);
    setStored({ session: user.token, email: user.email, userId: user.user_id });
  }, []);

  const signOut = useCallback(() => {
    forgetSignedInUser();
    setStored(null);
    queryClient.removeQueries({
      predicate: (query) => userQueryRoots.includes(String(query.queryKey[0])),
    });
  }, [queryClient]);

  // Another tab signed in or out: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (isSessionStorageKey(event.key)) setStored(readStoredSession());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const session = stored?.session ?? null;
  const status = useQuery({
    queryKey: ['user-status', session],
    queryFn: getUserStatus,
    enabled: session !== null,
    staleTime: 5 * 60_000,
  });
  const rejected =
    status.data?.ok === false || (status.error instanceof ApiError && status.error.status === 401);
  useEffect(() => {
    if (rejected) signOut();
  }, [rejected, signOut]);
  useAccountLanguage(status.data?.language);

  const value = useMemo<AuthState>(
    () => ({
      session,
      email: stored?.email ?? null,
      userId: stored?.userId ?? null,
      loggedIn: session !== null,
      signIn,
      signOut,
    }),
    [session, stored, signIn, signOut],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
