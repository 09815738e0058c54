import { Link } from 'react-router';
import { useDocumentTitle } from '../features/site/site-context';
import { ScreenCard } from '../features/ui/screen-card';
import { authScreensText, answersText } from '../i18n/areas';
import { useText } from '../i18n/language-context';

export default function NotFoundScreen() {
  const answer = useText(answersText);
  const authText = useText(authScreensText);
  useDocumentTitle(answer.app.notFoundTitle);
  return (
    <ScreenCard title={answer.app.notFoundTitle}>
      <p>{answer.app.notFoundBody}</p>
      <p className="card__actions">
        <Link className="button button--primary" to="/">
          {authText.common.goHome}
        </Link>
      </p>
    </ScreenCard>
  );
}
