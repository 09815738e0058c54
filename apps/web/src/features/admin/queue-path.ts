import { useLocation } from 'react-router';

/**
 * The queue the moderator came from, with its filters and page (the queue passes it
 * in the link's state), else the plain queue.
 */
export function useQueuePath(): string {
  const state: unknown = useLocation().state;
  const from =
    typeof state === 'object' && state !== null && 'from' in state && typeof state.from === 'string'
      ? state.from
      : '';
  return from.startsWith('/admin') ? from : '/admin';
}
