import { catalogueAreas, languageNames, messagesOf, type Language } from '@adboard/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderApp, storeSession, testUser } from '../../test/helpers';

const menuLabel = (language: Language) => messagesOf(catalogueAreas.language, language).menuLabel;

const signedInAs = (language: string | null) => () =>
  jsonResponse({ ok: true, email: testUser.email, userId: testUser.user_id, language });

/**
 * Issue 30: a signed-in advertiser's language lives on the account. The language menu
 * keeps its choice there; a browser that chose none opens in the account's.
 */
describe("the account's language in the app", () => {
  afterEach(() => {
    document.cookie = 'lang=; Path=/; Max-Age=0';
    localStorage.clear();
  });

  it("opens in the account's language when this browser chose none", async () => {
    storeSession();
    mockFetch({ 'GET /api/user/status': signedInAs('es') });
    renderApp('/posts');
    await waitFor(() => expect(document.documentElement.lang).toBe('es'));
    expect(await screen.findByRole('navigation', { name: menuLabel('es') })).toBeTruthy();
    expect(document.cookie).toContain('lang=es');
  });

  it("keeps this browser's own choice over the account's", async () => {
    document.cookie = 'lang=fr-CA; Path=/';
    storeSession();
    const { calls } = mockFetch({ 'GET /api/user/status': signedInAs('es') });
    renderApp('/posts');
    expect(await screen.findByRole('navigation', { name: menuLabel('fr-CA') })).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/user/status')).toBe(true));
    expect(document.documentElement.lang).toBe('fr-CA');
  });

  it("keeps the menu's choice on the signed-in account", async () => {
    storeSession();
    const { calls } = mockFetch({
      'GET /api/user/status': signedInAs('en'),
      'PUT /api/account/language': () => jsonResponse({ success: true }),
    });
    renderApp('/posts');
    const menu = await screen.findByRole('navigation', { name: menuLabel('en') });
    fireEvent.click(within(menu).getByRole('button', { name: languageNames['fr-CA'] }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/account/language')?.body).toEqual({
        language: 'fr-CA',
      }),
    );
    expect(calls.find((c) => c.path === '/api/account/language')?.method).toBe('PUT');
    expect(await screen.findByRole('navigation', { name: menuLabel('fr-CA') })).toBeTruthy();
  });

  it('keeps nothing on a server when signed out: the cookie alone', async () => {
    const { calls } = mockFetch();
    renderApp('/login');
    const menu = await screen.findByRole('navigation', { name: menuLabel('en') });
    fireEvent.click(within(menu).getByRole('button', { name: languageNames.es }));
    expect(await screen.findByRole('navigation', { name: menuLabel('es') })).toBeTruthy();
    expect(document.cookie).toContain('lang=es');
    expect(calls.some((c) => c.path === '/api/account/language')).toBe(false);
  });
});
