import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useAuth } from './auth-context';

/** Shows its children to a signed-in user; sends anyone else to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { loggedIn } = useAuth();
  if (!loggedIn) return <Navigate to="/login" replace />;
  return children;
}
