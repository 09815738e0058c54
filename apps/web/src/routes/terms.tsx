import { adMessages, screenMessages, messages } from '@adboard/shared';
import { Link } from 'react-router';
import { useDocumentTitle, useSite } from '../features/site/site-context';
import { ScreenCard } from '../features/ui/screen-card';
import { RulesList } from '../features/wizard/rules-list';
import '../features/wizard/view-heading.css';

/** /terms: the rules every ad follows, restated. */
export default function TermsScreen() {
  useDocumentTitle('Terms and conditions');
  const site = useSite();
  return (
    <ScreenCard title={screenMessages.terms.title} width="wide">
      <h2 className="wizard__heading">{adMessages.wizard.rulesHeading}</h2>
      <p>{screenMessages.terms.agree(site.name)}</p>
      <RulesList />
      <p>
        {screenMessages.terms.questions}{' '}
        <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>.
      </p>
      <p className="card__actions">
        <Link className="button button--primary" to="/">
          {messages.screen.common.goHome}
        </Link>
      </p>
    </ScreenCard>
  );
}
