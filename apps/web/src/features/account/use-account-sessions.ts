import { accountMessages } from '@adboard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { accountSessionsApi } from '../../lib/account-sessions-api';
import { errorMessage } from '../../lib/api';
import { useAuth } from '../auth/auth-context';
import { useSay } from '../../i18n/language-context';

const text = accountMessages.sessions;

/** GET /api/account/sessions, keyed by session so two accounts never share a cache. */
export function useAccountSessions() {
  const { session } = useAuth();
  return useQuery({
    queryKey: ['account-sessions', session],
    queryFn: accountSessionsApi.list,
    enabled: session !== null,
  });
}

/** Ending one session, or all others: the list is read again after either. */
export function useEndSessions() {
  const queryClient = useQueryClient();
  const say = useSay();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['account-sessions'] });
  const failed = (error: unknown) => toast.error(errorMessage(error, say(text.notFound)));
  const endOne = useMutation({
    mutationFn: accountSessionsApi.end,
    onSuccess: () => toast.success(say(text.ended)),
    onError: failed,
    onSettled: refresh,
  });
  const endOthers = useMutation({
    mutationFn: accountSessionsApi.endOthers,
    onSuccess: () => toast.success(say(text.othersEnded)),
    onError: failed,
    onSettled: refresh,
  });
  return { endOne, endOthers };
}
