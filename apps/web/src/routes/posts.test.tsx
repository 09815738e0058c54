import { messages, storageKeys, type PostListRow } from '@adboard/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderApp, storeSession, testUser } from '../test/helpers';

const row: PostListRow = {
  postId: '100234',
  title: 'Evening companionship downtown',
  location: 'Boston, MA',
  posted: '2025-01-02',
  status: 'pending',
  expiresIn: '30 days',
  product: null,
  type: 'free',
  city: 'boston',
};

describe('/posts', () => {
  it('sends a signed-out visitor to /login', async () => {
    const { actionCalls } = mockFetch();
    const { location } = renderApp('/posts');
    await screen.findByRole('heading', { name: 'Log in' });
    expect(location()).toBe('/login');
    expect(actionCalls()).toEqual([]);
  });

  it('shows a loading overlay, then the empty message and the new-ad link', async () => {
    storeSession();
    let release: () => void = () => undefined;
    const { calls } = mockFetch({
      'GET /api/posts': () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(jsonResponse([]));
        }),
    });
    renderApp('/posts');
    await screen.findByRole('heading', { name: 'My Posts' });
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();

    release();
    expect(await screen.findByText(messages.posts.noPosts)).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();
    expect(screen.getByRole('link', { name: messages.posts.postNewAd }).getAttribute('href')).toBe(
      '/edit-post',
    );
    expect(calls.find((call) => call.path === '/api/posts')?.headers.get('session')).toBe(
      testUser.token,
    );
  });

  it('lists the ads by title, id and status', async () => {
    storeSession();
    mockFetch({ 'GET /api/posts': () => jsonResponse([row]) });
    renderApp('/posts');
    expect(await screen.findByText(row.title)).toBeTruthy();
    expect(screen.getByText(row.postId)).toBeTruthy();
    expect(screen.getByText(row.status)).toBeTruthy();
    expect(screen.queryByText(messages.posts.noPosts)).toBeNull();
  });

  it('signs out and goes to /login on a 401', async () => {
    storeSession();
    mockFetch({
      'GET /api/posts': () => jsonResponse({ success: false, error: 'Please log in.' }, 401),
    });
    const { location } = renderApp('/posts');
    await screen.findByRole('heading', { name: 'Log in' });
    expect(location()).toBe('/login');
    await waitFor(() => expect(window.localStorage.getItem(storageKeys.session)).toBeNull());
  });
});
