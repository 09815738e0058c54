/*
 * Which screen file (src/routes/<name>.tsx) the app shows at which address: the
 * one table the router (app.tsx, routes/admin.tsx), the build (the files the
 * server asks the browser to fetch with a page's HTML, build/route-assets.ts) and
 * the bundle bench read. Plain data: the build runs it outside the browser.
 */

/** The app's own routes, as react-router patterns under the page frame. */
export const appRoutes = [
  { path: 'login', screen: 'login' },
  { path: 'register', screen: 'register' },
  { path: 'verifyemail', screen: 'verify-email' },
  { path: 'forgotpassword', screen: 'forgot-password' },
  { path: 'resetpassword', screen: 'reset-password' },
  { path: 'logout', screen: 'logout' },
  { path: 'posts', screen: 'my-ads' },
  { path: 'account', screen: 'account' },
  { path: 'edit-post', screen: 'edit-ad' },
  { path: 'activate', screen: 'activate' },
  { path: 'completeregistration', screen: 'complete-registration' },
  { path: 'refund', screen: 'refund' },
  { path: 'terms', screen: 'terms' },
  // The moderation console: its own routes (adminRoutes), inside its own frame.
  { path: 'admin/*', screen: 'admin' },
  { path: '*', screen: 'not-found' },
] as const;

/** The console's routes under /admin (routes/admin.tsx); '' is /admin itself. */
export const adminRoutes = [
  { path: '', screen: 'admin-queue' },
  { path: 'posts/:id', screen: 'admin-ad' },
  { path: 'reports', screen: 'admin-reports' },
  { path: 'refunds', screen: 'admin-refunds' },
  { path: 'users', screen: 'admin-users' },
  { path: 'audit', screen: 'admin-audit' },
  { path: '*', screen: 'not-found' },
] as const;

/**
 * The catalogue's areas (packages/shared/src/i18n/catalogues/<area>) each screen draws
 * with, beside the frame's: loaded with the screen in the reader's language (the server
 * names their files in the page, the app loads them before the first paint), so the
 * first paint is in that language. A screen lists the areas of every view it shows: a
 * view that waits for its words mid-flow would lose the flow's state. The app then loads
 * the language's other areas in the background (LanguageProvider).
 */
export const frameTextAreas = ['frame', 'language', 'answers', 'durations'] as const;
const accountTexts = ['auth-screens'] as const;
export const screenTextAreas = {
  // Not the second step's texts: it loads them with its form, once asked for (login.tsx).
  login: ['auth-screens'],
  register: ['auth-screens', 'ads'],
  'verify-email': accountTexts,
  'forgot-password': accountTexts,
  'reset-password': accountTexts,
  logout: accountTexts,
  'my-ads': [
    'app-screens',
    'auth-screens',
    'ad-stats',
    'door',
    'ad-tools',
    'lifecycle',
    'ads',
    'payments',
  ],
  account: ['account', 'second-step', 'auth-screens', 'door'],
  'edit-ad': [
    'app-screens',
    'auth-screens',
    'door',
    'journey',
    'durations',
    'ad-form',
    'ad-options',
    'ad-tools',
    'lifecycle',
    'ads',
    'photos',
    'payments',
  ],
  activate: ['app-screens', 'auth-screens', 'ads'],
  'complete-registration': ['auth-screens', 'ads'],
  refund: ['payments'],
  terms: ['app-screens', 'auth-screens', 'ads'],
  admin: ['account', 'door'],
  'not-found': accountTexts,
} as const satisfies Record<AppScreen, readonly TextAreaName[]>;

/** The areas the web app reads (i18n/areas.ts defines each by this name). */
export type TextAreaName =
  | 'frame'
  | 'language'
  | 'auth-screens'
  | 'app-screens'
  | 'door'
  | 'ad-stats'
  | 'journey'
  | 'durations'
  | 'ad-form'
  | 'answers'
  | 'ad-tools'
  | 'lifecycle'
  | 'ads'
  | 'photos'
  | 'payments'
  | 'account'
  | 'second-step'
  | 'ad-options';

/** Where `/` sends a visitor. */
export const homePath = '/login';

export type AppScreen = (typeof appRoutes)[number]['screen'];
export type AdminScreen = (typeof adminRoutes)[number]['screen'];

/** An address pattern of the app and the screen files shown there. */
export interface ScreenAddress {
  /** A react-router pattern from the site's root: `/posts`, `/admin/posts/:id`, `*`. */
  pattern: string;
  screen: AppScreen;
  /** The console's own screen inside it, under /admin. */
  inner?: AdminScreen;
}

/**
 * Every address the app answers with its screens, the most specific first (the
 * order a matcher tries them): `/` as the home screen, the console's routes
 * under `/admin` inside the console, the catch-alls last.
 */
export function screenAddresses(): ScreenAddress[] {
  const home = appRoutes.find((route) => `/${route.path}` === homePath);
  const addresses: ScreenAddress[] = [];
  if (home) addresses.push({ pattern: '/', screen: home.screen });
  for (const route of appRoutes) {
    if (route.screen === 'admin') {
      for (const sub of adminRoutes) {
        const pattern = sub.path === '' ? '/admin' : `/admin/${sub.path}`;
        addresses.push({ pattern, screen: route.screen, inner: sub.screen });
      }
    } else if (route.path !== '*') {
      addresses.push({ pattern: `/${route.path}`, screen: route.screen });
    }
  }
  const fallback = appRoutes.find((route) => route.path === '*');
  if (fallback) addresses.push({ pattern: '*', screen: fallback.screen });
  return addresses;
}
