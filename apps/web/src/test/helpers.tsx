import { storageKeys, type PublicSite, type SessionUser } from '@adboard/shared';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { AppProviders, AppRoutes } from '../app';

export const testSite: PublicSite = {
  id: 'local',
  name: 'Velvet Board (local)',
  description: 'Local development site',
  protocol: 'http',
  url: 'localhost:3000',
  contactEmail: 'support@velvetboard.example',
  environment: 'development',
  heading: ['Velvet', 'Board', '.example'],
  currency: 'USD',
  usesTier2: true,
  publicDomain: 'velvetboard.example',
  passwordMinLength: 8,
  language: 'en',
};

export const testUser: SessionUser = {
  token: 'session-token-0123456789abcdef',
  email: 'ada@example.com',
  user_id: 'user-1',
};

export function storeSession(user: SessionUser = testUser): void {
  window.localStorage.setItem(storageKeys.session, user.token);
  window.localStorage.setItem(storageKeys.email, user.email);
  window.localStorage.setItem(storageKeys.userId, user.user_id);
}

export function jsonResponse(
  body: unknown,
  status = 200,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

export interface FetchCall {
  method: string;
  path: string;
  /** The query string's parameters. */
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

type Handler = (call: FetchCall) => Response | Promise<Response>;

/**
 * Stubs `fetch` with handlers keyed "METHOD /path". Site, user status and an empty
 * post list answer by default; anything else unexpected answers 404.
 */
export function mockFetch(handlers: Record<string, Handler> = {}) {
  const routes: Record<string, Handler> = {
    'GET /api/site': () => jsonResponse(testSite),
    'GET /api/user/status': () =>
      jsonResponse({ ok: true, email: testUser.email, userId: testUser.user_id }),
    'GET /api/posts': () => jsonResponse([]),
    ...handlers,
  };
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: FetchCall = {
      method: (init?.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    const handler = routes[`${call.method} ${call.path}`];
    return handler ? handler(call) : jsonResponse({ success: false, error: 'Not found.' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  /** Calls other than the start-up ones (site and session check). */
  const actionCalls = () =>
    calls.filter((call) => !['/api/site', '/api/user/status'].includes(call.path));
  return { fetchMock, calls, actionCalls };
}

function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {location.pathname + location.search}
    </output>
  );
}

/**
 * Renders the whole app at `path` with a fresh query cache (no retries, no
 * stale time), or with the given client (e.g. the app's own cache settings).
 */
export function renderApp(path: string, options: { queryClient?: QueryClient } = {}) {
  const queryClient =
    options.queryClient ??
    new QueryClient({
      defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
    });
  const user = userEvent.setup();
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders queryClient={queryClient}>
        <AppRoutes />
        <LocationProbe />
      </AppProviders>
    </MemoryRouter>,
  );
  const location = () => view.getByTestId('location').textContent;
  return { ...view, user, queryClient, location };
}
