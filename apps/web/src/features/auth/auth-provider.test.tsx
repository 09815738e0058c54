import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderApp, storeSession } from '../../test/helpers';

describe('session restore', () => {
  it('signs out in the background when the server no longer knows the stored session', async () => {
    storeSession();
    mockFetch({ 'GET /api/user/status': () => jsonResponse({ ok: false }) });
    renderApp('/forgotpassword');
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    await waitFor(() => expect(window.localStorage.getItem('session')).toBeNull());
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'My Posts' })).toBeNull();
  });

  it('keeps the session when the status check says ok', async () => {
    storeSession();
    const { calls } = mockFetch();
    renderApp('/forgotpassword');
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    await waitFor(() => expect(calls.some((call) => call.path === '/api/user/status')).toBe(true));
    expect(screen.getByRole('link', { name: 'My Posts' })).toBeTruthy();
    expect(window.localStorage.getItem('session')).not.toBeNull();
  });
});
