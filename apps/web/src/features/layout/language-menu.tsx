import { languageNames, languages } from '@adboard/shared';
import { useState } from 'react';
import { languageText } from '../../i18n/areas';
import { useChooseLanguage } from '../auth/account-language';
import { useLanguage, useText } from '../../i18n/language-context';

/**
 * The language menu of the frame (issue 30): each language by its own name; choosing
 * one redraws the screen in it, keeps the choice (the cookie the public pages read too,
 * and the account when signed in) and says so to a screen reader, in the new language.
 */
export function LanguageMenu() {
  const { language } = useLanguage();
  const choose = useChooseLanguage();
  const text = useText(languageText);
  const [switched, setSwitched] = useState(false);
  return (
    <nav className="language-menu" aria-label={text.menuLabel}>
      <ul className="language-menu__list">
        {languages.map((option) => (
          <li key={option}>
            <button
              type="button"
              className="language-menu__option"
              lang={option}
              aria-pressed={option === language}
              onClick={() => {
                if (option === language) return;
                void choose(option).then(() => setSwitched(true));
              }}
            >
              {languageNames[option]}
            </button>
          </li>
        ))}
      </ul>
      <p className="visually-hidden" aria-live="polite">
        {switched ? text.switched : ''}
      </p>
    </nav>
  );
}
