import { storageKeys } from '@adboard/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderApp, storeSession, testUser } from '../test/helpers';

describe('/logout', () => {
  it('ends the session on the server, clears storage and lands on /login', async () => {
    storeSession();
    const { calls } = mockFetch({
      'POST /api/user/logout': () => jsonResponse({ success: true }),
    });
    const { location } = renderApp('/logout');
    await screen.findByRole('heading', { name: 'Log in' });
    expect(location()).toBe('/login');
    const logout = calls.find((call) => call.path === '/api/user/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers.get('session')).toBe(testUser.token);
    for (const key of Object.values(storageKeys)) {
      expect(window.localStorage.getItem(key)).toBeNull();
    }
  });

  it('signs out locally even when the server call fails', async () => {
    storeSession();
    mockFetch({ 'POST /api/user/logout': () => new Response('', { status: 500 }) });
    const { location } = renderApp('/logout');
    await screen.findByRole('heading', { name: 'Log in' });
    expect(location()).toBe('/login');
    expect(window.localStorage.getItem(storageKeys.session)).toBeNull();
  });
});
