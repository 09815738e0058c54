import { consoleMessages } from '@adboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  fetchedUrls,
  queuePage,
  queueItem,
  statusWithRole,
  testDashboard,
} from '../test/admin-fixtures';
import { jsonResponse, mockFetch, renderApp, storeSession } from '../test/helpers';

const text = consoleMessages.queue;

function setUp(items = [queueItem()], extra: { total?: number; page?: number } = {}) {
  storeSession();
  return mockFetch({
    'GET /api/user/status': statusWithRole('moderator'),
    'GET /api/admin/dashboard': () => jsonResponse(testDashboard),
    'GET /api/admin/queue': () => jsonResponse(queuePage(items, extra)),
  });
}

function rows(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

const queueUrls = (urls: string[]) => urls.filter((url) => url.startsWith('/api/admin/queue'));

describe('/admin queue', () => {
  it('shows the dashboard figures above the queue', async () => {
    setUp();
    renderApp('/admin');
    const figures = await screen.findByText(consoleMessages.dashboard.waiting);
    const list = figures.closest('dl');
    if (!list) throw new Error('no figures');
    const pairs = Array.from(list.querySelectorAll('dt'), (dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);
    expect(Object.fromEntries(pairs)).toEqual({
      // The queue's own total first (issue 24): its parts below never disagree with it.
      [consoleMessages.dashboard.queued]: '15',
      [consoleMessages.dashboard.waiting]: '12',
      [consoleMessages.dashboard.overdue]: '2',
      [consoleMessages.dashboard.oldest]: '3 days ago',
      [consoleMessages.dashboard.approvedToday]: '7',
      [consoleMessages.dashboard.rejectedToday]: '1',
      [consoleMessages.dashboard.openReports]: '4',
      [consoleMessages.dashboard.urgentReports]: '1',
      [consoleMessages.dashboard.refundsToSend]: '3',
    });
  });

  it('lists each waiting ad with why it is there and the time left, overdue ones marked', async () => {
    setUp(
      [
        queueItem({
          postId: '1',
          title: 'Urgent one',
          kind: 'report',
          topReport: 'underage',
          openReports: 2,
          secondsLeft: -2 * 3600 - 30,
          status: 'active',
        }),
        queueItem({
          postId: '2',
          title: 'Paid one',
          type: 'paid',
          paid: true,
          secondsLeft: 20 * 3600,
          flagCount: 1,
        }),
        queueItem({
          postId: '3',
          title: 'Free one',
          type: 'free',
          secondsLeft: 5 * 86_400,
          openReports: 1,
          topReport: 'scam',
        }),
      ],
      { total: 3 },
    );
    renderApp('/admin');
    const table = await screen.findByRole('table', { name: text.heading });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(Object.values(text.columns));
    expect(rows(table)).toEqual([
      [
        '1',
        'Urgent one',
        'velvet',
        'Las Vegas',
        'Free verified',
        'Report: The person may be under age · 2 open reports',
        'overdue by 2 hours',
      ],
      ['2', 'Paid one', 'velvet', 'Las Vegas', 'VIP', 'Review · 1 flag', '20 hours left'],
      [
        '3',
        'Free one',
        'velvet',
        'Las Vegas',
        'Free (link)',
        'Review · 1 open report (Scam or fraud)',
        '5 days left',
      ],
    ]);
    expect(within(table).getAllByRole('row')[1]?.className).toContain('table__row--alarm');
    expect(within(table).getByRole('link', { name: 'Paid one' }).getAttribute('href')).toBe(
      '/admin/posts/2',
    );
    expect(screen.getByText(text.total(3))).toBeTruthy();
  });

  it('says an edit of a live ad is what waits, not the ad', async () => {
    setUp([
      queueItem({ kind: 'revision', status: 'active', title: 'Edited live ad', flagCount: 0 }),
    ]);
    renderApp('/admin');
    const table = await screen.findByRole('table', { name: text.heading });
    expect(rows(table)[0]?.[5]).toBe(text.revision);
  });

  it('says so when nothing is waiting', async () => {
    setUp([]);
    renderApp('/admin');
    expect(await screen.findByText(text.empty)).toBeTruthy();
    expect(screen.queryByRole('table', { name: text.heading })).toBeNull();
  });

  it('reads the filters from the URL, and sends them to the server', async () => {
    const { fetchMock } = setUp();
    renderApp('/admin?site=velvet&city=boston&type=paid&page=2');
    await screen.findByRole('table', { name: text.heading });
    expect(queueUrls(fetchedUrls(fetchMock))).toEqual([
      '/api/admin/queue?site=velvet&city=boston&type=paid&page=2',
    ]);
    expect(screen.getByLabelText<HTMLInputElement>(consoleMessages.filters.site).value).toBe(
      'velvet',
    );
    expect(screen.getByLabelText<HTMLInputElement>(consoleMessages.filters.city).value).toBe(
      'boston',
    );
    expect(screen.getByLabelText<HTMLSelectElement>(consoleMessages.filters.type).value).toBe(
      'paid',
    );
  });

  it('keeps the filters chosen in the URL query, from page 1, and clears them', async () => {
    const { fetchMock } = setUp();
    const { user, location } = renderApp('/admin?page=3');
    await screen.findByRole('table', { name: text.heading });
    await user.type(screen.getByLabelText(consoleMessages.filters.city), 'Las-Vegas');
    await user.selectOptions(screen.getByLabelText(consoleMessages.filters.type), 'free_verified');
    await user.click(screen.getByRole('button', { name: consoleMessages.filters.apply }));

    await waitFor(() => expect(location()).toBe('/admin?city=las-vegas&type=free_verified'));
    await waitFor(() =>
      expect(queueUrls(fetchedUrls(fetchMock)).at(-1)).toBe(
        '/api/admin/queue?city=las-vegas&type=free_verified&page=1',
      ),
    );

    await user.click(screen.getByRole('button', { name: consoleMessages.filters.clear }));
    await waitFor(() => expect(location()).toBe('/admin'));
    expect(screen.getByLabelText<HTMLInputElement>(consoleMessages.filters.city).value).toBe('');
  });

  it('pages through a long queue, keeping the filters', async () => {
    setUp([queueItem()], { total: 120, page: 1 });
    const { user, location } = renderApp('/admin?type=free');
    const pages = await screen.findByRole('navigation', { name: consoleMessages.pagination.label });
    expect(within(pages).getByText(consoleMessages.pagination.page(1, 3))).toBeTruthy();
    expect(
      within(pages).getByRole<HTMLButtonElement>('button', {
        name: consoleMessages.pagination.previous,
      }).disabled,
    ).toBe(true);
    await user.click(within(pages).getByRole('button', { name: consoleMessages.pagination.next }));
    await waitFor(() => expect(location()).toBe('/admin?type=free&page=2'));
  });

  it('shows a failure with a way to try again', async () => {
    storeSession();
    let fail = true;
    mockFetch({
      'GET /api/user/status': statusWithRole('moderator'),
      'GET /api/admin/dashboard': () => jsonResponse(testDashboard),
      'GET /api/admin/queue': () =>
        fail ? new Response('', { status: 500 }) : jsonResponse(queuePage([queueItem()])),
    });
    const { user } = renderApp('/admin');
    expect(await screen.findByRole('alert')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: text.heading })).toBeTruthy();
  });
});
