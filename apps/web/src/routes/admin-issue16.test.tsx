import { consoleMessages } from '@adboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testCities, testCountries } from '../test/ad-fixtures';
import {
  adReview,
  adminRefund,
  auditEntry,
  fetchedUrls,
  listPage,
  queueItem,
  queuePage,
  statusWithRole,
  testDashboard,
  testReport,
} from '../test/admin-fixtures';
import { jsonResponse, mockFetch, renderApp, storeSession, type FetchCall } from '../test/helpers';

const filters = consoleMessages.filters;
const review = consoleMessages.review;

function queueSetUp() {
  storeSession();
  return mockFetch({
    'GET /api/user/status': statusWithRole('moderator'),
    'GET /api/admin/dashboard': () => jsonResponse(testDashboard),
    'GET /api/admin/queue': () => jsonResponse(queuePage([queueItem()])),
    'GET /api/countries': () => jsonResponse(testCountries),
    'GET /api/cities': (call: FetchCall) =>
      jsonResponse(testCities[call.query.get('country') ?? 'US'] ?? []),
  });
}

describe('issue 16: console filters are lists to pick from', () => {
  it('picks the site from the sites of the network, not free text', async () => {
    const { fetchMock } = queueSetUp();
    const { user, location } = renderApp('/admin');
    await screen.findByRole('table', { name: consoleMessages.queue.heading });
    const site = screen.getByLabelText<HTMLSelectElement>(filters.site);
    expect(site.tagName).toBe('SELECT');
    await waitFor(() =>
      expect(Array.from(site.options, (option) => option.value)).toEqual([
        '',
        'local',
        'velvet',
        'nightlist',
      ]),
    );
    expect(site.options[0]?.textContent).toBe(filters.any);
    await user.selectOptions(site, 'nightlist');
    await user.click(screen.getByRole('button', { name: filters.apply }));
    await waitFor(() => expect(location()).toBe('/admin?site=nightlist'));
    await waitFor(() =>
      expect(
        fetchedUrls(fetchMock)
          .filter((url) => url.startsWith('/api/admin/queue'))
          .at(-1),
      ).toBe('/api/admin/queue?site=nightlist&page=1'),
    );
  });

  it('offers the known cities of every country for the city, from the locations API', async () => {
    queueSetUp();
    const { user, location } = renderApp('/admin?city=boston');
    await screen.findByRole('table', { name: consoleMessages.queue.heading });
    const city = screen.getByRole<HTMLInputElement>('combobox', { name: filters.city });
    expect(city.value).toBe('boston');
    const list = city.list;
    if (!list) throw new Error('the city field has no list of cities');
    await waitFor(() =>
      expect(Array.from(list.querySelectorAll('option'), (option) => option.value)).toEqual([
        'boston',
        'las-vegas',
        'toronto',
      ]),
    );
    expect(list.querySelector('option[value="toronto"]')?.textContent).toBe('Toronto, ON');
    await user.clear(city);
    await user.type(city, 'toronto');
    await user.click(screen.getByRole('button', { name: filters.apply }));
    await waitFor(() => expect(location()).toBe('/admin?city=toronto'));
  });
});

describe('issue 16: money in BTC and in the site currency', () => {
  afterEach(() => vi.useRealTimers());

  it("shows an ad's payments in fiat and BTC, from the sats, exactly", async () => {
    storeSession();
    mockFetch({
      'GET /api/user/status': statusWithRole('moderator'),
      'GET /api/admin/posts/100234': () =>
        jsonResponse(
          adReview({
            payments: [
              {
                orderId: 'order-1',
                product: 'vip',
                optionId: '30',
                status: 'completed',
                amountFiat: '75.00',
                currency: 'USD',
                amountSats: '125001',
                receivedSats: '2100000000000001',
                address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
                createdAt: '2025-01-02T09:00:00.000Z',
                completedAt: null,
              },
            ],
          }),
        ),
    });
    renderApp('/admin/posts/100234');
    const table = await screen.findByRole('table', { name: review.paymentsHeading });
    const cells = within(within(table).getAllByRole('row')[1] ?? table)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells[3]).toBe('75.00 USD0.00125001 BTC');
    expect(cells[4]).toBe('21000000.00000001 BTC');
    expect(within(table).queryByText(/sats/)).toBeNull();
  });
});

describe('issue 16: waits and dates in words', () => {
  it("tells the ad's dates with how long ago or how soon, in words", async () => {
    const now = Date.now();
    storeSession();
    mockFetch({
      'GET /api/user/status': statusWithRole('moderator'),
      'GET /api/admin/posts/100234': () =>
        jsonResponse(
          adReview({
            status: 'pending',
            submittedAt: new Date(now - 2 * 3600_000 - 60_000).toISOString(),
            expiresAt: new Date(now + 3 * 86_400_000 + 3600_000).toISOString(),
            // 10 min 45 s: rounded down to whole minutes, with room for a slow machine.
            deadline: new Date(now + 645_000).toISOString(),
          }),
        ),
    });
    renderApp('/admin/posts/100234');
    await screen.findByRole('heading', { level: 1, name: 'Evening companionship downtown' });
    const ad = screen.getByRole('region', { name: review.adHeading });
    const facts = Object.fromEntries(
      Array.from(ad.querySelectorAll('dt'), (dt) => [
        dt.textContent,
        dt.nextElementSibling?.textContent ?? '',
      ]),
    );
    expect(facts[review.facts.submitted]).toMatch(/ \(2 hours ago\)$/);
    expect(facts[review.facts.expires]).toMatch(/ \(in 3 days\)$/);
    expect(facts[review.facts.deadline]).toMatch(/ \(10 minutes left\)$/);
    expect(Object.values(facts).join(' ')).not.toMatch(/seconds|\d{4}-\d{2}-\d{2}T/);
  });

  it('shows the dates an audit entry changed as dates, not ISO text', async () => {
    storeSession();
    mockFetch({
      'GET /api/user/status': statusWithRole('admin'),
      'GET /api/admin/audit': () =>
        jsonResponse(
          listPage([
            auditEntry({
              action: 'ad.approve',
              before: { status: 'pending', expiresAt: null },
              after: { status: 'active', expiresAt: '2025-02-03T10:00:00.000Z' },
            }),
          ]),
        ),
    });
    renderApp('/admin/audit');
    const table = await screen.findByRole('table', { name: consoleMessages.audit.heading });
    const lines = within(table)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^expiresAt: — → Feb 3, 2025, /);
    expect(within(table).queryByText(/2025-02-03T/)).toBeNull();
  });
});

describe('issue 16: the lists tell how long ago', () => {
  it('shows when a report came in with its age in words', async () => {
    storeSession();
    mockFetch({
      'GET /api/user/status': statusWithRole('moderator'),
      'GET /api/admin/reports': () =>
        jsonResponse(
          listPage([testReport({ createdAt: new Date(Date.now() - 2 * 3600_000).toISOString() })]),
        ),
    });
    renderApp('/admin/reports');
    const table = await screen.findByRole('table', { name: consoleMessages.reports.heading });
    const cells = within(within(table).getAllByRole('row')[1] ?? table)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells[3]).toMatch(/ \(2 hours ago\)$/);
  });

  it('shows when a refund was recorded with its age in words', async () => {
    storeSession();
    mockFetch({
      'GET /api/user/status': statusWithRole('moderator'),
      'GET /api/admin/refunds': () =>
        jsonResponse(
          listPage([
            adminRefund({ createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString() }),
          ]),
        ),
    });
    renderApp('/admin/refunds');
    const table = await screen.findByRole('table', { name: consoleMessages.refunds.heading });
    const cells = within(within(table).getAllByRole('row')[1] ?? table)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells[5]).toMatch(/ \(3 days ago\)$/);
  });
});
