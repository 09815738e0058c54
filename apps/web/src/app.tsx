import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { Language } from '@adboard/shared';
import { useState, type ReactNode } from 'react';
import { BrowserRouter, matchPath, Navigate, Route, Routes } from 'react-router';
import { AuthProvider } from './features/auth/auth-provider';
import { AppToaster } from './features/layout/app-toaster';
import { PageFrame } from './features/layout/page-frame';
import { useSite } from './features/site/site-context';
import { SiteGate } from './features/site/site-gate';
import { areasNamed } from './i18n/areas';
import { LanguageProvider } from './i18n/language-context';
import { loadArea } from './i18n/text-store';
import { lazyScreen, type LazyScreen } from './lib/lazy-screen';
import { createQueryClient } from './lib/query-client';
import {
  appRoutes,
  homePath,
  screenAddresses,
  screenTextAreas,
  type AppScreen,
} from './routes/screen-table';

// One file per screen, each loaded on first visit; the addresses are screen-table.ts's.
const screens: Record<AppScreen, LazyScreen> = {
  login: lazyScreen(() => import('./routes/login')),
  register: lazyScreen(() => import('./routes/register')),
  'verify-email': lazyScreen(() => import('./routes/verify-email')),
  'forgot-password': lazyScreen(() => import('./routes/forgot-password')),
  'reset-password': lazyScreen(() => import('./routes/reset-password')),
  logout: lazyScreen(() => import('./routes/logout')),
  'my-ads': lazyScreen(() => import('./routes/my-ads')),
  account: lazyScreen(() => import('./routes/account')),
  'edit-ad': lazyScreen(() => import('./routes/edit-ad')),
  activate: lazyScreen(() => import('./routes/activate')),
  'complete-registration': lazyScreen(() => import('./routes/complete-registration')),
  refund: lazyScreen(() => import('./routes/refund')),
  terms: lazyScreen(() => import('./routes/terms')),
  // The moderation console: its own route tree, loading its screens as they are visited.
  admin: lazyScreen(() => import('./routes/admin')),
  'not-found': lazyScreen(() => import('./routes/not-found')),
};

/**
 * Loads the screen of the address the app opens on, and its texts in `language`
 * (main.tsx, before the first render): the first paint is then that screen, drawn once.
 */
export function preloadScreenOf(pathname: string, language: Language): Promise<void> {
  const address = screenAddresses().find(({ pattern }) =>
    matchPath({ path: pattern, end: true }, pathname),
  );
  if (!address) return Promise.resolve();
  return Promise.all([
    screens[address.screen].preload(),
    // A text that does not load is the screen's to show (it asks again when drawn).
    ...areasNamed(screenTextAreas[address.screen]).map((area) =>
      loadArea(area, language).catch(() => undefined),
    ),
  ]).then(() => undefined);
}

/**
 * The route table (SPEC.md section 2, routes/screen-table.ts), plus /terms for the
 * rules, /refund for the link of the refund mail and /admin for the moderation
 * console (issue 6).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PageFrame />}>
        <Route index element={<Navigate to={homePath} replace />} />
        {appRoutes.map(({ path, screen }) => {
          const Screen = screens[screen];
          return <Route key={path} path={path} element={<Screen />} />;
        })}
      </Route>
    </Routes>
  );
}

/** The app's language, the brand's by default (i18n/language-context.tsx). */
function SiteLanguage({ children }: { children: ReactNode }) {
  const site = useSite();
  return <LanguageProvider brand={site.language}>{children}</LanguageProvider>;
}

/** Data, toasts, site and session: everything the screens rely on, router excluded. */
export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <AppToaster />
      <SiteGate>
        <SiteLanguage>
          <AuthProvider>{children}</AuthProvider>
        </SiteLanguage>
      </SiteGate>
    </QueryClientProvider>
  );
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <BrowserRouter>
      <AppProviders queryClient={queryClient}>
        <AppRoutes />
      </AppProviders>
    </BrowserRouter>
  );
}
