import { accountMessages } from '@adboard/shared';
import { RequireAuth } from '../features/auth/require-auth';
import { useSignOutOnUnauthorized } from '../features/auth/use-sign-out-on-unauthorized';
import { EmailSection } from '../features/account/email-section';
import { PasswordSection } from '../features/account/password-section';
import { DeleteAccountSection } from '../features/account/delete-account-section';
import { SessionList } from '../features/account/session-list';
import { TwoStepSection } from '../features/account/two-step-section';
import { useAccountSessions, useEndSessions } from '../features/account/use-account-sessions';
import { YourDataSection } from '../features/account/your-data-section';
import { useDocumentTitle } from '../features/site/site-context';
import { LoadFailed } from '../features/ui/load-failed';
import { ScreenCard } from '../features/ui/screen-card';
import { Spinner } from '../features/ui/spinner';
import { useSay } from '../i18n/language-context';

const text = accountMessages.sessions;

export default function AccountScreen() {
  const say = useSay();
  useDocumentTitle(say(accountMessages.title));
  return (
    <RequireAuth>
      <Account />
    </RequireAuth>
  );
}

/** The account page (issue 27): the account's email, where it is signed in, password and email. */
function Account() {
  const say = useSay();
  const sessions = useAccountSessions();
  const { endOne, endOthers } = useEndSessions();
  const unauthorized = useSignOutOnUnauthorized(sessions.error, endOne.error, endOthers.error);
  const busy = endOne.isPending || endOthers.isPending;
  const others = sessions.data?.sessions.filter((session) => !session.current) ?? [];

  return (
    <ScreenCard title={say(accountMessages.title)} width="wide">
      <div className="account" aria-busy={sessions.isPending}>
        {sessions.isPending && <Spinner overlay />}
        {sessions.isError && !unauthorized && <LoadFailed query={sessions} />}
        {sessions.data && (
          <>
            <dl className="account__email">
              <dt>{say(accountMessages.emailLabel)}</dt>
              <dd>{sessions.data.email}</dd>
            </dl>
            <h2>{say(text.heading)}</h2>
            <p className="account__intro">{say(text.intro)}</p>
            <SessionList
              sessions={sessions.data.sessions}
              onEnd={(session) => endOne.mutate(session.id)}
              busy={busy}
            />
            {others.length > 0 ? (
              <p className="card__actions card__actions--start">
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => endOthers.mutate()}
                  disabled={busy}
                >
                  {say(text.endOthers)}
                </button>
              </p>
            ) : (
              <p>{say(text.onlyThisOne)}</p>
            )}
            <TwoStepSection />
            <PasswordSection />
            <EmailSection />
            <YourDataSection />
            <DeleteAccountSection />
          </>
        )}
      </div>
    </ScreenCard>
  );
}
