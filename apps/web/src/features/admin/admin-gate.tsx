import { consoleMessages, messages } from '@adboard/shared';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../site/site-context';
import { ErrorAlert } from '../ui/alert';
import { ScreenCard } from '../ui/screen-card';
import { Spinner } from '../ui/spinner';
import { isModerator, useRole } from './use-role';

/**
 * Shows the console to moderators and administrators. Anyone else signed in reads
 * that the area is not theirs; the server refuses them anyway (403), this only spares
 * them a broken screen. Signed-out visitors are sent to /login by RequireAuth first.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const { role, pending, error, retry } = useRole();
  if (pending) return <Spinner />;
  if (error) {
    return (
      <ScreenCard title={consoleMessages.title}>
        <ErrorAlert>{consoleMessages.loadFailed}</ErrorAlert>
        <p className="card__actions">
          <button type="button" className="button button--secondary" onClick={retry}>
            {messages.app.tryAgain}
          </button>
        </p>
      </ScreenCard>
    );
  }
  if (!isModerator(role)) return <NotAllowed text={consoleMessages.notAllowed} />;
  return children;
}

export function NotAllowed({ text }: { text: string }) {
  useDocumentTitle(consoleMessages.notAllowedTitle);
  return (
    <ScreenCard title={consoleMessages.notAllowedTitle}>
      <ErrorAlert>{text}</ErrorAlert>
    </ScreenCard>
  );
}
