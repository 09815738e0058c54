import {
  accountMessages,
  type AccountSession,
  catalogueAreas,
  messagesOf,
  sayIn,
  sayAllIn,
} from '@adboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderApp, storeSession, testUser } from '../test/helpers';

const answersEn = messagesOf(catalogueAreas.answers, 'en');

const text = sayAllIn('en', accountMessages.sessions);
const now = new Date('2026-03-10T12:00:00Z');

const here: AccountSession = {
  id: '11111111-1111-4111-8111-111111111111',
  device: 'Chrome on Windows',
  createdAt: '2026-03-07T12:00:00Z',
  lastSeenAt: '2026-03-10T11:58:00Z',
  current: true,
};
const phone: AccountSession = {
  id: '22222222-2222-4222-8222-222222222222',
  device: 'Safari on iPhone',
  createdAt: '2026-03-01T12:00:00Z',
  lastSeenAt: '2026-03-10T09:00:00Z',
  current: false,
};
const laptop: AccountSession = {
  id: '33333333-3333-4333-8333-333333333333',
  device: 'Firefox on Linux',
  createdAt: '2026-02-20T12:00:00Z',
  lastSeenAt: '2026-03-08T12:00:00Z',
  current: false,
};

/** The sessions the mocked server holds: ending one removes it, as the server does. */
function serverWith(initial: AccountSession[]) {
  let sessions = [...initial];
  const result = () => jsonResponse({ success: true, email: testUser.email, sessions });
  return mockFetch({
    'GET /api/account/sessions': result,
    [`POST /api/account/sessions/${phone.id}/end`]: () => {
      sessions = sessions.filter((s) => s.id !== phone.id);
      return jsonResponse({ success: true });
    },
    'POST /api/account/sessions/end-others': () => {
      sessions = sessions.filter((s) => s.current);
      return jsonResponse({ success: true });
    },
  });
}

function row(device: string): HTMLElement {
  const cell = screen.getByText(device);
  const item = cell.closest('li');
  if (!item) throw new Error(`no row for ${device}`);
  return item;
}

describe('/account', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now, toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a signed-out visitor to /login', async () => {
    const { actionCalls } = mockFetch();
    const { location } = renderApp('/account');
    await screen.findByRole('heading', { name: 'Log in' });
    expect(location()).toBe('/login');
    expect(actionCalls()).toEqual([]);
  });

  it("shows the account's email and each session: device, start, last use, this device marked", async () => {
    storeSession();
    const { calls } = serverWith([here, phone]);
    renderApp('/account');
    await screen.findByRole('heading', { name: sayIn('en', accountMessages.title) });
    await screen.findByText(phone.device);
    expect(screen.getByText(testUser.email)).toBeTruthy();
    expect(screen.getByRole('heading', { name: text.heading })).toBeTruthy();

    const mine = row(here.device);
    expect(within(mine).getByText(text.thisDevice)).toBeTruthy();
    expect(within(mine).getByText('3 days ago')).toBeTruthy();
    expect(within(mine).getByText('2 minutes ago')).toBeTruthy();
    expect(within(mine).queryByRole('button')).toBeNull();

    const theirs = row(phone.device);
    expect(within(theirs).queryByText(text.thisDevice)).toBeNull();
    expect(within(theirs).getByText('9 days ago')).toBeTruthy();
    expect(within(theirs).getByText('3 hours ago')).toBeTruthy();
    expect(
      within(theirs).getByRole('button', { name: text.endLabel({ device: phone.device }) }),
    ).toBeTruthy();
    expect(
      calls.find((call) => call.path === '/api/account/sessions')?.headers.get('session'),
    ).toBe(testUser.token);
  });

  it('ends one other session and shows the list without it', async () => {
    storeSession();
    const { calls } = serverWith([here, phone, laptop]);
    const { user } = renderApp('/account');
    const end = await screen.findByRole('button', {
      name: text.endLabel({ device: phone.device }),
    });
    await user.click(end);
    expect(await screen.findByText(text.ended)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(phone.device)).toBeNull());
    expect(screen.getByText(laptop.device)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `/api/account/sessions/${phone.id}/end`,
    ]);
  });

  it('signs out everywhere else and keeps only this device', async () => {
    storeSession();
    serverWith([here, phone, laptop]);
    const { user } = renderApp('/account');
    await user.click(await screen.findByRole('button', { name: text.endOthers }));
    expect(await screen.findByText(text.othersEnded)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(phone.device)).toBeNull());
    expect(screen.queryByText(laptop.device)).toBeNull();
    expect(screen.getByText(here.device)).toBeTruthy();
    expect(screen.getByText(text.onlyThisOne)).toBeTruthy();
    expect(screen.queryByRole('button', { name: text.endOthers })).toBeNull();
  });

  it('shows the server refusal when ending fails, and keeps the row', async () => {
    storeSession();
    mockFetch({
      'GET /api/account/sessions': () =>
        jsonResponse({ success: true, email: testUser.email, sessions: [here, phone] }),
      [`POST /api/account/sessions/${phone.id}/end`]: () =>
        jsonResponse({ success: false, error: text.notFound }, 404),
    });
    const { user } = renderApp('/account');
    await user.click(
      await screen.findByRole('button', { name: text.endLabel({ device: phone.device }) }),
    );
    expect(await screen.findByText(text.notFound)).toBeTruthy();
    expect(screen.getByText(phone.device)).toBeTruthy();
  });

  it('shows a failed read with Try again, which reads the list again', async () => {
    storeSession();
    let fail = true;
    mockFetch({
      'GET /api/account/sessions': () =>
        fail
          ? jsonResponse({ success: false, error: answersEn.http.internalError }, 500)
          : jsonResponse({ success: true, email: testUser.email, sessions: [here] }),
    });
    const { user } = renderApp('/account');
    expect(await screen.findByText(answersEn.http.internalError)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: answersEn.app.tryAgain }));
    expect(await screen.findByText(here.device)).toBeTruthy();
  });

  it('signs out and goes to /login when the server no longer knows this session', async () => {
    storeSession();
    mockFetch({
      'GET /api/account/sessions': () =>
        jsonResponse({ success: false, error: answersEn.auth.signInRequired }, 401),
    });
    const { location } = renderApp('/account');
    await screen.findByRole('heading', { name: 'Log in' });
    expect(location()).toBe('/login');
  });

  it('is in the menu of a signed-in user, before Logout', async () => {
    storeSession();
    serverWith([here]);
    renderApp('/account');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const labels = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels.slice(-2)).toEqual([sayIn('en', accountMessages.menuEntry), 'Logout']);
  });
});
