import { consoleMessages, moderationMessages, type Role } from '@adboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminRefund, fetchedUrls, listPage, statusWithRole } from '../test/admin-fixtures';
import { jsonResponse, mockFetch, renderApp, storeSession } from '../test/helpers';

const text = consoleMessages.refunds;
const txid = 'a1'.repeat(32);

function setUp(role: Role, handlers: Parameters<typeof mockFetch>[0] = {}) {
  storeSession();
  return mockFetch({
    'GET /api/user/status': statusWithRole(role),
    'GET /api/admin/refunds': () =>
      jsonResponse(
        listPage([
          adminRefund(),
          adminRefund({
            id: 'refund-2',
            postId: '100555',
            state: 'awaiting_address',
            refundAddress: null,
          }),
        ]),
      ),
    ...handlers,
  });
}

describe('/admin/refunds', () => {
  it('lists refunds, filtered by state through the URL', async () => {
    const { fetchMock } = setUp('moderator');
    const { user, location } = renderApp('/admin/refunds');
    const table = await screen.findByRole('table', { name: text.heading });
    expect(within(table).getByText(text.states.ready)).toBeTruthy();
    expect(within(table).getByText(text.states.awaiting_address)).toBeTruthy();
    expect(within(table).getAllByText(text.btc('0.00125000'))).toHaveLength(2);
    // Sending money is for administrators.
    expect(within(table).queryByRole('button', { name: /Mark sent/ })).toBeNull();

    await user.selectOptions(screen.getByLabelText(text.stateFilter), 'ready');
    await waitFor(() => expect(location()).toBe('/admin/refunds?state=ready'));
    await waitFor(() =>
      expect(fetchedUrls(fetchMock).at(-1)).toBe('/api/admin/refunds?state=ready&page=1'),
    );
  });

  it('shows each amount in BTC from the sats, exactly, and in the site currency', async () => {
    storeSession();
    mockFetch({
      'GET /api/user/status': statusWithRole('moderator'),
      'GET /api/admin/refunds': () =>
        jsonResponse(
          listPage([
            adminRefund({ amountSats: '2100000000000001', amountFiat: '1234.56' }),
            adminRefund({ id: 'refund-2', amountFiat: null, currency: null }),
          ]),
        ),
    });
    renderApp('/admin/refunds');
    const table = await screen.findByRole('table', { name: text.heading });
    const amounts = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[1]?.textContent);
    expect(amounts).toEqual(['21000000.00000001 BTC1,234.56 USD', '0.00125000 BTC']);
    expect(within(table).queryByText(/sats/)).toBeNull();
  });

  it('lets an administrator mark a ready refund sent, with a valid transaction id only', async () => {
    const { calls } = setUp('admin', {
      'POST /api/admin/refunds/refund-1/sent': () =>
        jsonResponse({
          success: true,
          refund: adminRefund({
            state: 'sent',
            sentTxid: txid,
            sentAt: '2025-01-05T09:00:00.000Z',
          }),
        }),
    });
    const { user } = renderApp('/admin/refunds');
    const table = await screen.findByRole('table', { name: text.heading });
    const buttons = within(table).getAllByRole('button', { name: /Mark sent/ });
    expect(buttons).toHaveLength(1);
    await user.click(buttons[0] ?? table);

    const dialog = screen.getByRole('dialog', { name: text.markSentTitle('100234') });
    const field = within(dialog).getByLabelText(text.txidLabel);
    await user.type(field, 'abc123');
    await user.click(within(dialog).getByRole('button', { name: text.saveSent }));
    expect(within(dialog).getByText(moderationMessages.txidInvalid)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await user.clear(field);
    await user.type(field, `${'g'.repeat(64)}`);
    await user.click(within(dialog).getByRole('button', { name: text.saveSent }));
    expect(within(dialog).getByText(moderationMessages.txidInvalid)).toBeTruthy();
    expect(calls.some((call) => call.path.endsWith('/sent'))).toBe(false);

    await user.clear(field);
    await user.type(field, ` ${txid} `);
    await user.click(within(dialog).getByRole('button', { name: text.saveSent }));
    expect(await screen.findByText(text.markedSent)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.find((call) => call.path === '/api/admin/refunds/refund-1/sent')?.body).toEqual({
      txid,
    });
  });

  it('Cancel closes the dialog without sending anything', async () => {
    const { calls } = setUp('admin');
    const { user } = renderApp('/admin/refunds');
    const table = await screen.findByRole('table', { name: text.heading });
    await user.click(within(table).getByRole('button', { name: /Mark sent/ }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((call) => call.path.endsWith('/sent'))).toBe(false);
  });
});
