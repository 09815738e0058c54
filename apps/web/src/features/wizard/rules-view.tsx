import { useId } from 'react';
import { Link } from 'react-router';
import { RulesList } from './rules-list';
import { ViewHeading } from './view-heading';
import './wizard.css';
import { appScreensText, adsText } from '../../i18n/areas';
import { useText } from '../../i18n/language-context';

export function RulesView({
  accepted,
  onAcceptedChange,
  onAgree,
  focusHeading,
}: {
  accepted: boolean;
  onAcceptedChange: (accepted: boolean) => void;
  onAgree: () => void;
  focusHeading: boolean;
}) {
  const adsWords = useText(adsText);
  const screenText = useText(appScreensText);
  const checkId = useId();
  return (
    <section className="wizard__view">
      <ViewHeading focus={focusHeading}>{adsWords.wizard.rulesHeading}</ViewHeading>
      <p>
        {screenText.wizard.readTermsToo}{' '}
        <Link to="/terms" target="_blank" rel="noopener">
          {screenText.wizard.termsLink}
        </Link>
        .
      </p>
      <RulesList />
      <div className="check">
        <input
          id={checkId}
          type="checkbox"
          className="check__input"
          checked={accepted}
          onChange={(event) => onAcceptedChange(event.target.checked)}
        />
        <label htmlFor={checkId} className="check__label">
          {adsWords.wizard.rulesAccept}
        </label>
      </div>
      <p className="wizard__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={!accepted}
          onClick={onAgree}
        >
          {adsWords.wizard.agree}
        </button>
      </p>
    </section>
  );
}
