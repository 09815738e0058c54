import { accountMessages, type AccountSession } from '@adboard/shared';
import { agoText } from '../../lib/relative-time';
import { Badge } from '../ui/badge';
import './session-list.css';
import { useSay } from '../../i18n/language-context';

const text = accountMessages.sessions;

interface SessionListProps {
  sessions: readonly AccountSession[];
  /** Ends one session (never offered for this device: Logout does that). */
  onEnd: (session: AccountSession) => void;
  busy: boolean;
}

/** "Where you're signed in": each session's device, start and last use; End for the others. */
export function SessionList({ sessions, onEnd, busy }: SessionListProps) {
  const say = useSay();
  return (
    <ul className="session-list">
      {sessions.map((session) => (
        <li key={session.id} className="session-list__item">
          <div className="session-list__head">
            <span className="session-list__device">{session.device}</span>
            {session.current && <Badge tone="success">{say(text.thisDevice)}</Badge>}
          </div>
          <dl className="session-list__facts">
            <div>
              <dt>{say(text.started)}</dt>
              <dd>{agoText(session.createdAt)}</dd>
            </div>
            <div>
              <dt>{say(text.lastActive)}</dt>
              <dd>{agoText(session.lastSeenAt)}</dd>
            </div>
          </dl>
          {!session.current && (
            <button
              type="button"
              className="button button--danger-outline button--small session-list__end"
              onClick={() => onEnd(session)}
              disabled={busy}
              aria-label={say(text.endLabel({ device: session.device }))}
            >
              {say(text.end)}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
