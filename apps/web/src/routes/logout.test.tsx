import { adStorageKeys, storageKeys } from '@adboard/shared';
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

  it("forgets the active ad and every signed-in user's draft; a signed-out visitor's draft stays", async () => {
    storeSession();
    const userDraft = `${adStorageKeys.draftPrefix}local:user-${testUser.user_id}:100234`;
    const otherUserDraft = `${adStorageKeys.draftPrefix}nightlist:user-someone-else:new`;
    const visitorDraft = `${adStorageKeys.draftPrefix}local:anon:new`;
    const kept = 'someone-elses-key';
    window.localStorage.setItem(
      adStorageKeys.activeAd,
      JSON.stringify({ post_id: '100234', token: 'edit-token' }),
    );
    for (const key of [userDraft, otherUserDraft, visitorDraft, kept]) {
      window.localStorage.setItem(key, '{}');
    }
    mockFetch({ 'POST /api/user/logout': () => jsonResponse({ success: true }) });
    renderApp('/logout');
    await screen.findByRole('heading', { name: 'Log in' });
    expect(Object.keys(window.localStorage).sort()).toEqual([kept, visitorDraft].sort());
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
