import { languageOfCookieHeader, type Language } from '@adboard/shared';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useContext, useEffect } from 'react';
import { useLanguage } from '../../i18n/language-context';
import { keepAccountLanguage } from '../../lib/session-api';
import { AuthContext } from './auth-context';

/*
 * A signed-in advertiser's language lives on the account (issue 30): the language menu
 * keeps its choice there, and a browser that has no choice of its own yet opens in it.
 * The rule is the server's (`resolveLanguage`): this browser's choice first, then the
 * account's, so a reader who chose here is never switched by signing in.
 */

/** Switches the app to `next`, and keeps it on the account when signed in. */
export function useChooseLanguage(): (next: Language) => Promise<void> {
  const { choose } = useLanguage();
  const loggedIn = useContext(AuthContext)?.loggedIn ?? false;
  const { mutate: keep } = useMutation({ mutationFn: keepAccountLanguage });
  return useCallback(
    async (next: Language) => {
      await choose(next);
      if (loggedIn) keep(next);
    },
    [choose, keep, loggedIn],
  );
}

/** Opens the app in the account's language when this browser has not chosen one. */
export function useAccountLanguage(accountLanguage: Language | null | undefined): void {
  const { language, choose } = useLanguage();
  useEffect(() => {
    if (!accountLanguage || accountLanguage === language) return;
    if (languageOfCookieHeader(document.cookie)) return;
    void choose(accountLanguage);
  }, [accountLanguage, language, choose]);
}
