import './zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadScreenOf } from './app';

/**
 * Draws the app in `root`. The screen of the address comes first (its files come
 * with the page: http/route-assets.ts): the first render, and the first paint,
 * are then the whole screen.
 */
export async function startApp(root: HTMLElement, pathname: string): Promise<void> {
  await preloadScreenOf(pathname);
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
