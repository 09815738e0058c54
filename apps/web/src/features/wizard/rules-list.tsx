import { adsText } from '../../i18n/areas';
import { useText } from '../../i18n/language-context';
import './rules-list.css';

/** The posting rules of SPEC.md section 2, from the catalogue. */
export function RulesList() {
  const adsWords = useText(adsText);
  return (
    <ol className="rules-list">
      {Object.values(adsWords.wizard.rules).map((rule) => (
        <li key={rule}>{rule}</li>
      ))}
    </ol>
  );
}
