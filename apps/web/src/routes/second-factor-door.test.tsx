import { accountMessages, adMessages, sayIn, sayAllIn } from '@adboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { testAd, testRow } from '../test/ad-fixtures';
import { jsonResponse, mockFetch, renderApp, storeSession, testUser } from '../test/helpers';

const twoStep = sayAllIn('en', accountMessages.twoStep);

/** The user status of an advertiser, held at the door or not. */
function status(secondFactorMissing: boolean) {
  return jsonResponse({
    ok: true,
    email: testUser.email,
    userId: testUser.user_id,
    role: 'advertiser',
    secondFactor: false,
    secondFactorMissing,
  });
}

const doorRefusal = () =>
  jsonResponse({ success: false, error: twoStep.advertiserDoor, secondFactorRequired: true }, 403);

function expectDoor() {
  const alert = screen.getByRole('alert');
  expect(alert.textContent).toBe(twoStep.advertiserDoor);
  const link = screen.getByRole('link', { name: twoStep.doorAction });
  expect(link.getAttribute('href')).toBe('/account');
}

describe("the advertisers' second-factor door (issue 27)", () => {
  it('says on My Posts that ad changes wait for two-step sign-in, with the way to /account', async () => {
    storeSession();
    mockFetch({
      'GET /api/user/status': () => status(true),
      'GET /api/posts': () => jsonResponse([testRow]),
    });
    renderApp('/posts');
    await screen.findByRole('heading', { name: testRow.title });
    await waitFor(expectDoor);
  });

  it('shows no door to an account that may change its ads', async () => {
    storeSession();
    mockFetch({
      'GET /api/user/status': () => status(false),
      'GET /api/posts': () => jsonResponse([testRow]),
    });
    renderApp('/posts');
    await screen.findByRole('heading', { name: testRow.title });
    expect(screen.queryByRole('link', { name: twoStep.doorAction })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the door instead of a new ad, and asks nothing of the server for one', async () => {
    storeSession();
    const { actionCalls } = mockFetch({ 'GET /api/user/status': () => status(true) });
    renderApp('/edit-post');
    await screen.findByRole('link', { name: twoStep.doorAction });
    expectDoor();
    expect(screen.queryByRole('navigation', { name: 'Ad steps' })).toBeNull();
    expect(actionCalls()).toEqual([]);
  });

  it('shows an existing ad under the door, so its steps, payment and receipt can be read', async () => {
    storeSession();
    mockFetch({
      'GET /api/user/status': () => status(true),
      [`GET /api/post/${testAd.post_id}`]: () => jsonResponse(testAd),
    });
    renderApp(`/edit-post?id=${testAd.post_id}&edit=auth`);
    await screen.findByRole('navigation', { name: 'Ad steps' });
    expectDoor();
  });

  it('reads the status again when the server refuses at the door, and then shows it', async () => {
    storeSession();
    let held = false;
    const { calls } = mockFetch({
      'GET /api/user/status': () => status(held),
      'GET /api/posts': () => jsonResponse([testRow]),
      // The ad was paid since the status was read: the server holds the account now.
      'POST /api/post/delete': () => {
        held = true;
        return doorRefusal();
      },
    });
    const { user } = renderApp('/posts', { queryClient: createQueryClient() });
    await screen.findByRole('heading', { name: testRow.title });
    expect(screen.queryByRole('link', { name: twoStep.doorAction })).toBeNull();
    const card = screen.getByRole('heading', { name: testRow.title }).closest('li');
    if (!card) throw new Error('no card');
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    await user.click(
      screen.getByRole('button', { name: sayIn('en', adMessages.posts.deleteConfirm) }),
    );
    await screen.findByRole('link', { name: twoStep.doorAction });
    expectDoor();
    expect(calls.filter((call) => call.path === '/api/user/status').length).toBeGreaterThan(1);
  });
});
