import { answers } from '@adboard/shared';
import { sayNow } from '../../i18n/say';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { ApiError } from '../../lib/api';
import { useAuth } from './auth-context';

/**
 * When the server no longer knows this session (a 401 from any of `errors`): signs
 * out, and RequireAuth then goes to /login. Answers whether that is the case, so
 * the screen shows no error of its own.
 */
export function useSignOutOnUnauthorized(...errors: unknown[]): boolean {
  const { signOut } = useAuth();
  const unauthorized = errors.some((error) => error instanceof ApiError && error.status === 401);
  useEffect(() => {
    if (!unauthorized) return;
    toast(sayNow(answers.auth.signInRequired), { id: 'sign-in-required' });
    signOut();
  }, [unauthorized, signOut]);
  return unauthorized;
}
