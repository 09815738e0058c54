import './zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { fallbackLanguage } from '@adboard/shared';
import { App, preloadScreenOf } from './app';
import { readEmbeddedSite } from './features/site/embedded-site';
import { areasNamed } from './i18n/areas';
import { startLanguage } from './i18n/language-context';
import { keepAppLanguage } from './i18n/say';
import { loadArea } from './i18n/text-store';
import { frameTextAreas } from './routes/screen-table';

/**
 * Draws the app in `root`. The screen of the address comes first (its files come
 * with the page: http/route-assets.ts): the first render, and the first paint,
 * are then the whole screen.
 */
export async function startApp(root: HTMLElement, pathname: string): Promise<void> {
  // The frame's words in the reader's language come with the screen, before the first paint.
  const language = startLanguage(readEmbeddedSite()?.language ?? fallbackLanguage);
  // The gate before the site is known speaks it too (useLanguage outside the provider).
  keepAppLanguage(language);
  await Promise.all([
    preloadScreenOf(pathname, language),
    ...areasNamed(frameTextAreas).map((area) => loadArea(area, language).catch(() => undefined)),
  ]);
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
