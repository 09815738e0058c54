import type { PublicSite } from '@adboard/shared';
import { createContext, useContext, useEffect } from 'react';

export const SiteContext = createContext<PublicSite | null>(null);

/** The site (brand) this page is served for; available below <SiteGate>. */
export function useSite(): PublicSite {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite must be used below <SiteGate>');
  return site;
}

/** Sets the document title: the site name, after the screen name when there is one. */
export function useDocumentTitle(screen?: string): void {
  const { name } = useSite();
  useEffect(() => {
    document.title = screen ? `${screen} · ${name}` : name;
  }, [screen, name]);
}
