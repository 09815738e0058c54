import { messages } from '@adboard/shared';
import { Link } from 'react-router';
import { useDocumentTitle } from '../features/site/site-context';
import { ScreenCard } from '../features/ui/screen-card';
import { authScreensText } from '../i18n/areas';
import { useText } from '../i18n/language-context';

export default function NotFoundScreen() {
  const authText = useText(authScreensText);
  useDocumentTitle(messages.app.notFoundTitle);
  return (
    <ScreenCard title={messages.app.notFoundTitle}>
      <p>{messages.app.notFoundBody}</p>
      <p className="card__actions">
        <Link className="button button--primary" to="/">
          {authText.common.goHome}
        </Link>
      </p>
    </ScreenCard>
  );
}
