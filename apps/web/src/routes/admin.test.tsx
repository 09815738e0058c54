import { accountMessages, consoleMessages, sayIn } from '@adboard/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queueItem, queuePage, statusWithRole, testDashboard } from '../test/admin-fixtures';
import { jsonResponse, mockFetch, renderApp, storeSession } from '../test/helpers';

const adminCalls = (calls: { path: string }[]) =>
  calls.filter((call) => call.path.startsWith('/api/admin'));

const consoleHandlers = {
  'GET /api/admin/dashboard': () => jsonResponse(testDashboard),
  'GET /api/admin/queue': () => jsonResponse(queuePage([queueItem()])),
};

describe('/admin role gate', () => {
  it('sends a signed-out visitor to /login', async () => {
    const { calls } = mockFetch();
    const { location } = renderApp('/admin');
    await screen.findByRole('heading', { name: 'Log in' });
    expect(location()).toBe('/login');
    expect(adminCalls(calls)).toEqual([]);
  });

  it('tells an advertiser the area is not theirs, without asking the moderator API', async () => {
    storeSession();
    const { calls } = mockFetch({
      ...consoleHandlers,
      'GET /api/user/status': statusWithRole('advertiser'),
    });
    renderApp('/admin/users');
    expect(
      await screen.findByRole('heading', { name: consoleMessages.notAllowedTitle }),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(consoleMessages.notAllowed);
    expect(screen.queryByRole('navigation', { name: consoleMessages.nav.label })).toBeNull();
    expect(adminCalls(calls)).toEqual([]);
    // Nor is the console in the advertiser's menu.
    const menu = screen.getByRole('navigation', { name: 'Main' });
    expect(within(menu).queryByRole('link', { name: consoleMessages.menuEntry })).toBeNull();
  });

  it("holds a moderator without a second factor at the console's door, sending them to /account", async () => {
    storeSession();
    const { calls } = mockFetch({
      ...consoleHandlers,
      'GET /api/user/status': () =>
        jsonResponse({
          ok: true,
          email: 'mod@example.com',
          userId: 'u1',
          role: 'moderator',
          secondFactor: false,
        }),
    });
    renderApp('/admin');
    expect((await screen.findByRole('alert')).textContent).toBe(
      sayIn('en', accountMessages.twoStep.staffDoor),
    );
    const link = screen.getByRole('link', {
      name: sayIn('en', accountMessages.twoStep.doorAction),
    });
    expect(link.getAttribute('href')).toBe('/account');
    expect(adminCalls(calls)).toEqual([]);
  });

  it('opens the console to a moderator, with the menu entry and the console nav', async () => {
    storeSession();
    mockFetch({ ...consoleHandlers, 'GET /api/user/status': statusWithRole('moderator') });
    renderApp('/posts');
    const menu = await screen.findByRole('navigation', { name: 'Main' });
    const entry = await within(menu).findByRole('link', { name: consoleMessages.menuEntry });
    expect(entry.getAttribute('href')).toBe('/admin');
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Post New Ad',
      'My Posts',
      sayIn('en', accountMessages.menuEntry),
      consoleMessages.menuEntry,
      'Logout',
    ]);
  });

  it('shows moderators every console screen but the audit log', async () => {
    storeSession();
    mockFetch({ ...consoleHandlers, 'GET /api/user/status': statusWithRole('moderator') });
    const { user } = renderApp('/admin');
    const nav = await screen.findByRole('navigation', { name: consoleMessages.nav.label });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      consoleMessages.nav.queue,
      consoleMessages.nav.reports,
      consoleMessages.nav.refunds,
      consoleMessages.nav.users,
    ]);
    expect(await screen.findByRole('table', { name: consoleMessages.queue.heading })).toBeTruthy();
    expect(
      within(screen.getByRole('navigation', { name: 'Main' }))
        .getByRole('link', { name: consoleMessages.menuEntry })
        .getAttribute('aria-current'),
    ).toBe('page');

    await user.click(within(nav).getByRole('link', { name: consoleMessages.nav.users }));
    expect(
      await screen.findByRole('heading', { name: consoleMessages.users.heading }),
    ).toBeTruthy();
    // The site menu still marks the console as where the moderator is.
    expect(
      within(screen.getByRole('navigation', { name: 'Main' }))
        .getByRole('link', { name: consoleMessages.menuEntry })
        .getAttribute('aria-current'),
    ).toBe('page');
  });

  it('keeps the audit log from moderators even by its address', async () => {
    storeSession();
    const { calls } = mockFetch({
      ...consoleHandlers,
      'GET /api/user/status': statusWithRole('moderator'),
    });
    renderApp('/admin/audit');
    expect((await screen.findByRole('alert')).textContent).toBe(consoleMessages.adminsOnly);
    expect(calls.some((call) => call.path === '/api/admin/audit')).toBe(false);
  });

  it('gives administrators the audit log in the console nav', async () => {
    storeSession();
    mockFetch({ ...consoleHandlers, 'GET /api/user/status': statusWithRole('admin') });
    renderApp('/admin');
    const nav = await screen.findByRole('navigation', { name: consoleMessages.nav.label });
    expect(
      within(nav).getByRole('link', { name: consoleMessages.nav.audit }).getAttribute('href'),
    ).toBe('/admin/audit');
  });

  it('signs out when the server no longer knows the session', async () => {
    storeSession();
    mockFetch({
      'GET /api/user/status': statusWithRole('moderator'),
      'GET /api/admin/dashboard': () => jsonResponse({ success: false, error: 'Log in.' }, 401),
      'GET /api/admin/queue': () => jsonResponse({ success: false, error: 'Log in.' }, 401),
    });
    const { location } = renderApp('/admin');
    await screen.findByRole('heading', { name: 'Log in' });
    expect(location()).toBe('/login');
  });
});
