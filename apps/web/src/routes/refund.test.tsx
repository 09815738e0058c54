import { paymentMessages, catalogueAreas, messagesOf, sayIn } from '@adboard/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderApp } from '../test/helpers';

const answersEn = messagesOf(catalogueAreas.answers, 'en');

const token = 'refund-token-0123456789abcdef';
const address = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';

async function submitAddress(user: ReturnType<typeof renderApp>['user'], value: string) {
  await user.type(
    await screen.findByLabelText(sayIn('en', paymentMessages.refundAddressLabel)),
    value,
  );
  await user.click(screen.getByRole('button', { name: sayIn('en', paymentMessages.refundSubmit) }));
}

describe('/refund', () => {
  it('says the link is broken when it has no token', async () => {
    const { actionCalls } = mockFetch();
    renderApp('/refund');
    expect((await screen.findByRole('alert')).textContent).toBe(answersEn.auth.resetBadLink);
    expect(
      screen.getByRole('heading', { level: 1, name: sayIn('en', paymentMessages.refundTitle) }),
    ).toBeTruthy();
    expect(screen.queryByLabelText(sayIn('en', paymentMessages.refundAddressLabel))).toBeNull();
    expect(actionCalls()).toEqual([]);
  });

  it('sends the token and address, then shows the saved message without the form', async () => {
    const { calls } = mockFetch({
      'POST /api/refund/address': () => jsonResponse({ success: true }),
    });
    const { user } = renderApp(`/refund?token=${token}`);
    await submitAddress(user, address);

    expect((await screen.findByRole('status')).textContent).toBe(
      sayIn('en', paymentMessages.refundAddressSaved),
    );
    expect(screen.queryByLabelText(sayIn('en', paymentMessages.refundAddressLabel))).toBeNull();
    expect(
      screen.queryByRole('button', { name: sayIn('en', paymentMessages.refundSubmit) }),
    ).toBeNull();
    expect(calls.find((call) => call.path === '/api/refund/address')?.body).toEqual({
      token,
      address,
    });
  });

  it("shows the server's invalid address under the field", async () => {
    mockFetch({
      'POST /api/refund/address': () =>
        jsonResponse(
          {
            success: false,
            error: sayIn('en', paymentMessages.refundAddressInvalid),
            fields: { address: sayIn('en', paymentMessages.refundAddressInvalid) },
          },
          400,
        ),
    });
    const { user } = renderApp(`/refund?token=${token}`);
    await submitAddress(user, address);

    const field = screen.getByLabelText(sayIn('en', paymentMessages.refundAddressLabel));
    expect(await screen.findByText(sayIn('en', paymentMessages.refundAddressInvalid))).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      sayIn('en', paymentMessages.refundAddressInvalid),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a used or unknown link as an alert', async () => {
    mockFetch({
      'POST /api/refund/address': () =>
        jsonResponse(
          { success: false, error: sayIn('en', paymentMessages.refundLinkInvalid) },
          400,
        ),
    });
    const { user } = renderApp(`/refund?token=${token}`);
    await submitAddress(user, address);
    expect((await screen.findByRole('alert')).textContent).toBe(
      sayIn('en', paymentMessages.refundLinkInvalid),
    );
  });

  it('checks the address before calling the server', async () => {
    const { actionCalls } = mockFetch();
    const { user } = renderApp(`/refund?token=${token}`);
    await user.click(
      await screen.findByRole('button', { name: sayIn('en', paymentMessages.refundSubmit) }),
    );
    expect(await screen.findByText(sayIn('en', paymentMessages.refundAddressInvalid))).toBeTruthy();
    await submitAddress(user, 'tb1short');
    expect(screen.getByText(sayIn('en', paymentMessages.refundAddressInvalid))).toBeTruthy();
    expect(actionCalls()).toEqual([]);
  });
});
