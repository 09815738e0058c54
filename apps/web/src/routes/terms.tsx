import { Link } from 'react-router';
import { useDocumentTitle, useSite } from '../features/site/site-context';
import { ScreenCard } from '../features/ui/screen-card';
import { RulesList } from '../features/wizard/rules-list';
import '../features/wizard/view-heading.css';
import { adsText, appScreensText, authScreensText } from '../i18n/areas';
import { useText } from '../i18n/language-context';

/** /terms: the rules every ad follows, restated. */
export default function TermsScreen() {
  const screenText = useText(appScreensText);
  const authText = useText(authScreensText);
  const adsWords = useText(adsText);
  useDocumentTitle(screenText.terms.title);
  const site = useSite();
  return (
    <ScreenCard title={screenText.terms.title} width="wide">
      <h2 className="wizard__heading">{adsWords.wizard.rulesHeading}</h2>
      <p>{screenText.terms.agree({ site: site.name })}</p>
      <RulesList />
      <p>
        {screenText.terms.questions} <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>
        .
      </p>
      <p className="card__actions">
        <Link className="button button--primary" to="/">
          {authText.common.goHome}
        </Link>
      </p>
    </ScreenCard>
  );
}
