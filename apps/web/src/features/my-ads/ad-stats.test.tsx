import {
  adStatsLimits,
  catalogueAreas,
  messagesOf,
  type AdStats,
  type AdStatsDay,
} from '@adboard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { testRow } from '../../test/ad-fixtures';
import { jsonResponse, mockFetch, storeSession } from '../../test/helpers';
import { AdCardStats } from './ad-stats';
import { niceMax, statsTotals } from './ad-stats-model';

/** The statistics' texts in English, as the app shows them. */
const m = messagesOf(catalogueAreas.adStats, 'en');

/** The card's part as My Posts renders it, with a fresh query cache. */
function renderStats(rows: (typeof testRow)[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={client}>
      {rows.map((row) => (
        <AdCardStats key={row.postId} ad={row} titleId="title" />
      ))}
    </QueryClientProvider>,
  );
  return { user };
}

const day = (i: number, views: number, call = 0): AdStatsDay => ({
  date: new Date(Date.UTC(2026, 8, 1 + i)).toISOString().slice(0, 10),
  appearances: views * 3,
  views,
  taps: { call, text: 1, email: 0 },
});
const statsOf = (n: number): AdStats => ({
  days: Array.from({ length: n }, (_, i) => day(i, i % 4, i % 2)),
});

describe("an ad's statistics on My Posts", () => {
  it('sums a period and rounds a scale', () => {
    expect(statsTotals(statsOf(7).days)).toMatchObject({ views: 9, call: 3, text: 7, taps: 10 });
    expect([0, 1, 3, 7, 12, 180].map(niceMax)).toEqual([1, 1, 5, 10, 20, 200]);
  });

  it('shows the last 7 days on the card and opens a chart of 30 or 90 days with a table alternative', async () => {
    storeSession();
    const { calls } = mockFetch({
      [`GET /api/post/${testRow.postId}/stats`]: (call) =>
        jsonResponse(statsOf(Number(call.query.get('days')))),
    });
    const { user } = renderStats([testRow]);
    expect(
      await screen.findByText(m.summary({ cardDays: adStatsLimits.cardDays, views: 9, taps: 10 })),
    ).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/stats') && c.query.get('days') === '7')).toBe(true);

    await user.click(screen.getByRole('button', { name: m.open }));
    const dialog = await screen.findByRole('dialog', { name: m.title({ adTitle: testRow.title }) });
    // The chart is for the eye; the table (hidden from sight until asked) for everyone.
    const table = await within(dialog).findByRole('table', { name: m.chartCaption({ days: 30 }) });
    expect(within(table).getAllByRole('row')).toHaveLength(30 + 2);
    expect(dialog.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(table.closest('.visually-hidden')).not.toBeNull();

    await user.click(within(dialog).getByRole('button', { name: m.showTable }));
    expect(table.closest('.visually-hidden')).toBeNull();
    expect(
      within(dialog).getByRole('button', { name: m.hideTable }).getAttribute('aria-expanded'),
    ).toBe('true');

    await user.click(within(dialog).getByRole('button', { name: m.range({ days: 90 }) }));
    await within(dialog).findByRole('table', { name: m.chartCaption({ days: 90 }) });
    expect(
      within(dialog)
        .getByRole('button', { name: m.range({ days: 90 }) })
        .getAttribute('aria-pressed'),
    ).toBe('true');

    await user.click(within(dialog).getByRole('button', { name: m.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says so when the statistics cannot be read, and shows none for an ad never posted', async () => {
    storeSession();
    mockFetch();
    renderStats([testRow, { ...testRow, postId: '999', title: 'Never posted', posted: null }]);
    expect(await screen.findByText(m.summaryFailed)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: m.open })).toHaveLength(1);
  });
});
