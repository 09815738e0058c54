import type { Role } from '@adboard/shared';
import { useQuery } from '@tanstack/react-query';
import { getUserStatus } from '../../lib/session-api';
import { useAuth } from '../auth/auth-context';

export interface RoleState {
  role: Role | null;
  /**
   * False when the account has no second factor (staff are then held at the console's
   * door, issue 27); true when it has one, or when the server did not say.
   */
  secondFactor: boolean;
  /**
   * The account's site requires a second factor of it and it has none (issue 27): the
   * server refuses ad changes until one is set up. False while unknown.
   */
  secondFactorMissing: boolean;
  /** Still asking the server. */
  pending: boolean;
  /** The question failed (network, server): the role is unknown, not 'none'. */
  error: unknown;
  retry: () => void;
}

/**
 * The signed-in user's role, from GET /api/user/status. Same query (key and
 * freshness) as the session check of AuthProvider, so both share one request.
 */
export function useRole(): RoleState {
  const { session } = useAuth();
  const status = useQuery({
    queryKey: ['user-status', session],
    queryFn: getUserStatus,
    enabled: session !== null,
    staleTime: 5 * 60_000,
  });
  return {
    role: status.data?.role ?? null,
    secondFactor: status.data?.secondFactor !== false,
    secondFactorMissing: status.data?.secondFactorMissing === true,
    pending: session !== null && status.isPending,
    error: status.error,
    retry: () => void status.refetch(),
  };
}

export function isModerator(role: Role | null): boolean {
  return role === 'moderator' || role === 'admin';
}

export function isAdmin(role: Role | null): boolean {
  return role === 'admin';
}
