import type { SessionUser } from '@adboard/shared';
import { createContext, useContext } from 'react';

export interface AuthState {
  session: string | null;
  email: string | null;
  userId: string | null;
  loggedIn: boolean;
  /** Stores the user (session, email, userId) and marks the app signed in. */
  signIn: (user: SessionUser) => void;
  /** Removes the three stored items and marks the app signed out. */
  signOut: () => void;
}

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used below <AuthProvider>');
  return auth;
}
