import { consoleMessages } from '@adboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { auditEntry, fetchedUrls, listPage, statusWithRole } from '../test/admin-fixtures';
import { jsonResponse, mockFetch, renderApp, storeSession } from '../test/helpers';
import { formatWhen } from '../features/admin/time-text';

const text = consoleMessages.audit;

describe('/admin/audit', () => {
  it('shows who did what to what, why, and what changed, newest first', async () => {
    storeSession();
    mockFetch({
      'GET /api/user/status': statusWithRole('admin'),
      'GET /api/admin/audit': () =>
        jsonResponse(
          listPage([
            auditEntry({
              id: '2',
              action: 'user.ban',
              targetType: 'user',
              targetId: 'owner-1',
              before: { banned_at: null },
              after: { banned_at: '2025-01-03T09:00:00.000Z' },
              reason: 'Scam',
            }),
            auditEntry(),
          ]),
        ),
    });
    renderApp('/admin/audit');
    const table = await screen.findByRole('table', { name: text.heading });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(Object.values(text.columns));
    const [ban, reject] = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(1)
          .map((cell) => cell.textContent),
      );
    expect(ban).toEqual([
      'mod@example.com',
      text.actions['user.ban'],
      'User owner-1',
      'Scam',
      `banned_at: — → ${formatWhen('2025-01-03T09:00:00.000Z')}`,
    ]);
    expect(reject).toEqual([
      'mod@example.com',
      text.actions['ad.reject'],
      'Ad 100234',
      'Photos do not match',
      'status: pending → rejected',
    ]);
    expect(within(table).getByRole('link', { name: 'Ad 100234' }).getAttribute('href')).toBe(
      '/admin/posts/100234',
    );
  });

  it('filters by target through the URL', async () => {
    storeSession();
    const { fetchMock } = mockFetch({
      'GET /api/user/status': statusWithRole('admin'),
      'GET /api/admin/audit': () => jsonResponse(listPage([auditEntry()])),
    });
    const { user, location } = renderApp('/admin/audit');
    await screen.findByRole('table', { name: text.heading });
    await user.selectOptions(screen.getByLabelText(text.targetType), 'ad');
    await user.type(screen.getByLabelText(text.targetId), '100234');
    await user.click(screen.getByRole('button', { name: text.apply }));
    await waitFor(() => expect(location()).toBe('/admin/audit?targetType=ad&targetId=100234'));
    await waitFor(() =>
      expect(fetchedUrls(fetchMock).at(-1)).toBe(
        '/api/admin/audit?targetType=ad&targetId=100234&page=1',
      ),
    );
  });
});
