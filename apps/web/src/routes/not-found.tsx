import { messages } from '@adboard/shared';
import { Link } from 'react-router';
import { useDocumentTitle } from '../features/site/site-context';
import { ScreenCard } from '../features/ui/screen-card';

export default function NotFoundScreen() {
  useDocumentTitle(messages.app.notFoundTitle);
  return (
    <ScreenCard title={messages.app.notFoundTitle}>
      <p>{messages.app.notFoundBody}</p>
      <p className="card__actions">
        <Link className="button button--primary" to="/">
          {messages.screen.common.goHome}
        </Link>
      </p>
    </ScreenCard>
  );
}
