import { Link } from 'react-router';
import { useDocumentTitle } from '../features/site/site-context';
import { ScreenCard } from '../features/ui/screen-card';

export default function NotFoundScreen() {
  useDocumentTitle('Page not found');
  return (
    <ScreenCard title="Page not found">
      <p>The page you asked for does not exist or has moved.</p>
      <p className="card__actions">
        <Link className="button button--primary" to="/">
          Go to the home page
        </Link>
      </p>
    </ScreenCard>
  );
}
