import { consoleMessages } from '@adboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fetchedUrls, listPage, statusWithRole, testReport } from '../test/admin-fixtures';
import { jsonResponse, mockFetch, renderApp, storeSession } from '../test/helpers';

const text = consoleMessages.reports;

describe('/admin/reports', () => {
  it('lists open reports, urgent ones marked, and dismisses one', async () => {
    storeSession();
    let open = [
      testReport({ id: 'r1', reason: 'underage', priority: 0 }),
      testReport({ id: 'r2' }),
    ];
    const { calls } = mockFetch({
      'GET /api/user/status': statusWithRole('moderator'),
      'GET /api/admin/reports': () => jsonResponse(listPage(open)),
      'POST /api/admin/reports/r2/dismiss': () => {
        open = open.filter((report) => report.id !== 'r2');
        return jsonResponse({ success: true });
      },
    });
    const { user } = renderApp('/admin/reports');
    const table = await screen.findByRole('table', { name: text.heading });
    const [urgent, other] = within(table).getAllByRole('row').slice(1);
    expect(urgent?.className).toContain('table__row--alarm');
    expect(within(urgent ?? table).getByText(text.urgent)).toBeTruthy();
    expect(
      within(other ?? table)
        .getByRole('link', { name: 'Evening companionship downtown' })
        .getAttribute('href'),
    ).toBe('/admin/posts/100234');

    await user.click(within(other ?? table).getByRole('button', { name: /Dismiss/ }));
    expect(await screen.findByText(text.dismissed)).toBeTruthy();
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(calls.filter((call) => call.path.endsWith('/dismiss'))).toHaveLength(1);
  });

  it('shows resolved reports on request, through the URL', async () => {
    storeSession();
    const { fetchMock } = mockFetch({
      'GET /api/user/status': statusWithRole('moderator'),
      'GET /api/admin/reports': () =>
        jsonResponse(
          listPage([
            testReport({
              resolution: 'ad_removed',
              resolvedAt: '2025-01-04T09:00:00.000Z',
            }),
          ]),
        ),
    });
    const { user, location } = renderApp('/admin/reports');
    await screen.findByRole('table', { name: text.heading });
    await user.selectOptions(screen.getByLabelText(text.stateLabel), 'resolved');
    await waitFor(() => expect(location()).toBe('/admin/reports?state=resolved'));
    await waitFor(() =>
      expect(fetchedUrls(fetchMock).at(-1)).toBe('/api/admin/reports?state=resolved&page=1'),
    );
    expect(screen.getByText(new RegExp(text.resolutions.ad_removed))).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Dismiss/ })).toBeNull();
  });
});
