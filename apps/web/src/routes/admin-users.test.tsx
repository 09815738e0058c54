import { consoleMessages, moderationMessages, type Role } from '@adboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, fetchedUrls, statusWithRole } from '../test/admin-fixtures';
import { jsonResponse, mockFetch, renderApp, storeSession, testUser } from '../test/helpers';

const text = consoleMessages.users;
/** The signed-in moderator's own account, as the search finds it. */
const selfEmail = 'me@example.com';

function setUp(role: Role, handlers: Parameters<typeof mockFetch>[0] = {}) {
  storeSession();
  return mockFetch({
    'GET /api/user/status': statusWithRole(role),
    'GET /api/admin/users': () =>
      jsonResponse([
        adminUser(),
        adminUser({
          userId: 'banned-1',
          email: 'gone@example.com',
          banned: true,
          bannedAt: '2025-01-03T09:00:00.000Z',
        }),
        adminUser({ userId: testUser.user_id, email: selfEmail, role }),
      ]),
    ...handlers,
  });
}

function row(email: string): HTMLElement {
  const cell = screen.getByRole('cell', { name: email });
  const tr = cell.closest('tr');
  if (!tr) throw new Error(`no row for ${email}`);
  return tr;
}

describe('/admin/users', () => {
  it('searches by email or phone, keeping the search in the URL', async () => {
    const { fetchMock } = setUp('moderator');
    const { user, location } = renderApp('/admin/users');
    expect(await screen.findByText(text.prompt)).toBeTruthy();

    await user.type(screen.getByLabelText(text.searchLabel), 'ad');
    await user.click(screen.getByRole('button', { name: text.search }));
    expect(screen.getByText(moderationMessages.searchTooShort)).toBeTruthy();

    await user.type(screen.getByLabelText(text.searchLabel), 'a@example');
    await user.click(screen.getByRole('button', { name: text.search }));
    await waitFor(() => expect(location()).toBe('/admin/users?q=ada%40example'));
    await screen.findByRole('table', { name: text.heading });
    expect(fetchedUrls(fetchMock).filter((url) => url.startsWith('/api/admin/users'))).toEqual([
      '/api/admin/users?q=ada%40example',
    ]);
    const cells = within(row('ada@example.com'))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 5)).toEqual(['ada@example.com', 'Advertiser', 'No', '3', '+17022084567']);
  });

  it('bans with a reason, and will not without one', async () => {
    const { calls } = setUp('moderator', {
      'POST /api/admin/users/owner-1/ban': () =>
        jsonResponse({
          success: true,
          user: adminUser({ banned: true, bannedAt: '2025-01-05T09:00:00.000Z' }),
        }),
    });
    const { user } = renderApp('/admin/users?q=ada');
    await screen.findByRole('table', { name: text.heading });
    // A moderator changes no roles, and cannot act on their own account.
    expect(screen.queryByRole('combobox', { name: text.roleFor('ada@example.com') })).toBeNull();
    expect(within(row(selfEmail)).queryByRole('button')).toBeNull();

    await user.click(within(row('ada@example.com')).getByRole('button', { name: /Ban/ }));
    const dialog = screen.getByRole('dialog', { name: text.banTitle('ada@example.com') });
    const reason = within(dialog).getByLabelText(text.banReason);
    expect(document.activeElement).toBe(reason);
    await user.click(within(dialog).getByRole('button', { name: text.banConfirm }));
    expect(within(dialog).getByText(moderationMessages.reasonRequired)).toBeTruthy();
    expect(calls.some((call) => call.path.endsWith('/ban'))).toBe(false);

    await user.type(reason, 'Scam reports from three visitors');
    await user.click(within(dialog).getByRole('button', { name: text.banConfirm }));
    expect(await screen.findByText(text.banned('ada@example.com'))).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.find((call) => call.path === '/api/admin/users/owner-1/ban')?.body).toEqual({
      reason: 'Scam reports from three visitors',
    });
  });

  it("shows the server's refusal of a ban in the dialog", async () => {
    setUp('moderator', {
      'POST /api/admin/users/owner-1/ban': () =>
        jsonResponse({ success: false, error: moderationMessages.adminsOnly }, 403),
    });
    const { user } = renderApp('/admin/users?q=ada');
    await screen.findByRole('table', { name: text.heading });
    await user.click(within(row('ada@example.com')).getByRole('button', { name: /Ban/ }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText(text.banReason), 'Spam everywhere');
    await user.click(within(dialog).getByRole('button', { name: text.banConfirm }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      moderationMessages.adminsOnly,
    );
  });

  it('lifts a ban', async () => {
    const { calls } = setUp('moderator', {
      'POST /api/admin/users/banned-1/unban': () =>
        jsonResponse({
          success: true,
          user: adminUser({ userId: 'banned-1', email: 'gone@example.com' }),
        }),
    });
    const { user } = renderApp('/admin/users?q=example');
    await screen.findByRole('table', { name: text.heading });
    expect(within(row('gone@example.com')).getAllByRole('cell')[2]?.textContent).toMatch(/^Since /);
    await user.click(within(row('gone@example.com')).getByRole('button', { name: /Unban/ }));
    expect(await screen.findByText(text.unbanned('gone@example.com'))).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/admin/users/banned-1/unban')).toHaveLength(1);
  });

  it("lets an administrator change someone's role", async () => {
    const { calls } = setUp('admin', {
      'POST /api/admin/users/owner-1/role': () =>
        jsonResponse({ success: true, user: adminUser({ role: 'moderator' }) }),
    });
    const { user } = renderApp('/admin/users?q=ada');
    await screen.findByRole('table', { name: text.heading });
    expect(screen.queryByRole('combobox', { name: text.roleFor(selfEmail) })).toBeNull();
    await user.selectOptions(
      screen.getByRole('combobox', { name: text.roleFor('ada@example.com') }),
      'moderator',
    );
    expect(
      await screen.findByText(text.roleChanged('ada@example.com', text.roles.moderator)),
    ).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/admin/users/owner-1/role')?.body).toEqual({
      role: 'moderator',
    });
  });

  it('lets an administrator reset the two-step sign-in of an owner who lost it, with a reason', async () => {
    storeSession();
    const { calls } = mockFetch({
      'GET /api/user/status': statusWithRole('admin'),
      'GET /api/admin/users': () =>
        jsonResponse([
          adminUser({ secondFactors: 1 }),
          adminUser({ userId: 'u2', email: 'none@example.com' }),
        ]),
      'POST /api/admin/users/owner-1/second-factors/reset': () =>
        jsonResponse({ success: true, user: adminUser({ secondFactors: 0 }) }),
    });
    const { user } = renderApp('/admin/users?q=example');
    await screen.findByRole('table', { name: text.heading });
    // Only an account with a factor offers the reset.
    expect(within(row('none@example.com')).queryByRole('button', { name: /Reset/ })).toBeNull();
    await user.click(
      within(row('ada@example.com')).getByRole('button', {
        name: `${text.resetTwoStep} ada@example.com`,
      }),
    );
    const dialog = screen.getByRole('dialog', { name: text.resetTwoStepTitle('ada@example.com') });
    await user.type(within(dialog).getByLabelText(text.resetTwoStepReason), 'Video call, ID shown');
    await user.click(within(dialog).getByRole('button', { name: text.resetTwoStepConfirm }));
    expect(await screen.findByText(text.twoStepReset('ada@example.com'))).toBeTruthy();
    expect(
      calls.find((call) => call.path === '/api/admin/users/owner-1/second-factors/reset')?.body,
    ).toEqual({ reason: 'Video call, ID shown' });
  });

  it('offers moderators no reset of the two-step sign-in', async () => {
    storeSession();
    mockFetch({
      'GET /api/user/status': statusWithRole('moderator'),
      'GET /api/admin/users': () => jsonResponse([adminUser({ secondFactors: 1 })]),
    });
    renderApp('/admin/users?q=ada');
    await screen.findByRole('table', { name: text.heading });
    expect(within(row('ada@example.com')).queryByRole('button', { name: /Reset/ })).toBeNull();
  });
});
