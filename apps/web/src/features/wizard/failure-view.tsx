import { Link } from 'react-router';
import { useSite } from '../site/site-context';
import { ErrorAlert } from '../ui/alert';
import { ViewHeading } from './view-heading';
import './wizard.css';
import { appScreensText, authScreensText, frameText, adsText } from '../../i18n/areas';
import { useText } from '../../i18n/language-context';

/**
 * The complete-error view: the ad could not be posted (with the likely causes and
 * the support address), or it could not be loaded at all.
 */
export function FailureView({
  reason,
  detail,
  loggedIn,
  onBack,
  focusHeading,
}: {
  reason: 'finishFailed' | 'notFound';
  /** The server's own explanation, when it gave one. */
  detail?: string | null | undefined;
  loggedIn: boolean;
  /** Back to the form, when there is one to go back to. */
  onBack?: (() => void) | undefined;
  focusHeading: boolean;
}) {
  const adsWords = useText(adsText);
  const screenText = useText(appScreensText);
  const authText = useText(authScreensText);
  const site = useSite();
  const frame = useText(frameText);
  return (
    <section className="wizard__view">
      {reason === 'finishFailed' ? (
        <>
          <ViewHeading focus={focusHeading}>{adsWords.wizard.finishFailed}</ViewHeading>
          <ErrorAlert>
            {detail && <p className="notice__title">{detail}</p>}
            <p>{adsWords.wizard.finishFailedCauses({ contactEmail: site.contactEmail })}</p>
          </ErrorAlert>
        </>
      ) : (
        <ErrorAlert>{adsWords.wizard.notFound}</ErrorAlert>
      )}
      <p className="wizard__actions">
        {onBack && (
          <button type="button" className="button button--primary" onClick={onBack}>
            {screenText.wizard.backToForm}
          </button>
        )}
        {loggedIn ? (
          <Link className="button button--secondary" to="/posts">
            {frame.myPosts}
          </Link>
        ) : (
          <Link className="button button--secondary" to="/">
            {authText.common.goHome}
          </Link>
        )}
      </p>
    </section>
  );
}
