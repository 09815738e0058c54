import { accountMessages, consoleMessages } from '@adboard/shared';
import { useText, useSay } from '../../i18n/language-context';
import { answersText } from '../../i18n/areas';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
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
  const answer = useText(answersText);
  const { role, secondFactor, pending, error, retry } = useRole();
  if (pending) return <Spinner />;
  if (error) {
    return (
      <ScreenCard title={consoleMessages.title}>
        <ErrorAlert>{consoleMessages.loadFailed}</ErrorAlert>
        <p className="card__actions">
          <button type="button" className="button button--secondary" onClick={retry}>
            {answer.app.tryAgain}
          </button>
        </p>
      </ScreenCard>
    );
  }
  if (!isModerator(role)) return <NotAllowed text={consoleMessages.notAllowed} />;
  if (!secondFactor) return <SecondFactorDoor />;
  return children;
}

/**
 * The console's door (issue 27): a moderator or admin without a second factor is sent
 * to the account page to set one up; the server refuses every console call till then.
 */
function SecondFactorDoor() {
  const say = useSay();
  useDocumentTitle(consoleMessages.title);
  return (
    <ScreenCard title={say(accountMessages.twoStep.heading)}>
      <ErrorAlert>{say(accountMessages.twoStep.staffDoor)}</ErrorAlert>
      <p className="card__actions">
        <Link className="button button--primary" to="/account">
          {say(accountMessages.twoStep.doorAction)}
        </Link>
      </p>
    </ScreenCard>
  );
}

export function NotAllowed({ text }: { text: string }) {
  useDocumentTitle(consoleMessages.notAllowedTitle);
  return (
    <ScreenCard title={consoleMessages.notAllowedTitle}>
      <ErrorAlert>{text}</ErrorAlert>
    </ScreenCard>
  );
}
