import { adMessages } from '@adboard/shared';
import './rules-list.css';

/** The posting rules of SPEC.md section 2, from the catalogue. */
export function RulesList() {
  return (
    <ol className="rules-list">
      {adMessages.wizard.rules.map((rule) => (
        <li key={rule}>{rule}</li>
      ))}
    </ol>
  );
}
