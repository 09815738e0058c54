import { adMessages, waitInWords, sayIn } from '@adboard/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderApp } from '../test/helpers';

const link = '/activate?email=ada%40example.com&token=activation-token-0123456789&id=100234';

describe('/activate', () => {
  it('verifies the email, sends the SMS code once, then verifies the phone', async () => {
    const { calls } = mockFetch({
      'POST /api/verify/email': () =>
        jsonResponse({ success: true, phoneKnown: true, smsSent: false }),
      'POST /api/verify/phone': () => jsonResponse({ success: true, smsSent: true }),
      'POST /api/verify/phone-validate': () =>
        jsonResponse({ success: true, verified_phone: true }),
    });
    const { user } = renderApp(link);
    expect(
      await screen.findByText(sayIn('en', adMessages.verification.emailVerified)),
    ).toBeTruthy();
    expect(await screen.findByText(sayIn('en', adMessages.verification.smsSent))).toBeTruthy();

    const paths = calls.map((call) => call.path).filter((path) => path.startsWith('/api/verify'));
    expect(paths).toEqual(['/api/verify/email', '/api/verify/phone']);
    expect(calls.find((call) => call.path === '/api/verify/email')?.body).toEqual({
      email: 'ada@example.com',
      token: 'activation-token-0123456789',
      id: '100234',
    });
    expect(calls.find((call) => call.path === '/api/verify/phone')?.body).toEqual({
      id: '100234',
      token: 'activation-token-0123456789',
    });

    await user.type(screen.getByLabelText('SMS code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify phone' }));
    expect(await screen.findByText(sayIn('en', adMessages.verification.complete))).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/verify/phone-validate')?.body).toEqual({
      id: '100234',
      code: '123456',
      token: 'activation-token-0123456789',
    });
    expect(calls.filter((call) => call.path === '/api/verify/phone')).toHaveLength(1);
  });

  it("shows the server's error under the code field", async () => {
    mockFetch({
      'POST /api/verify/email': () => jsonResponse({ success: true, phoneKnown: true }),
      'POST /api/verify/phone': () => jsonResponse({ success: true, smsSent: true }),
      'POST /api/verify/phone-validate': () =>
        jsonResponse(
          { success: false, error: sayIn('en', adMessages.verification.smsCodeExpired) },
          400,
        ),
    });
    const { user } = renderApp(link);
    const code = await screen.findByLabelText('SMS code');
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify phone' }));
    expect(
      await screen.findByText(sayIn('en', adMessages.verification.smsCodeExpired)),
    ).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(sayIn('en', adMessages.verification.complete))).toBeNull();
  });

  it('refuses a code that is not six digits without calling the server', async () => {
    const { calls } = mockFetch({
      'POST /api/verify/email': () => jsonResponse({ success: true, phoneKnown: true }),
      'POST /api/verify/phone': () => jsonResponse({ success: true, smsSent: true }),
    });
    const { user } = renderApp(link);
    await user.type(await screen.findByLabelText('SMS code'), '12');
    await user.click(screen.getByRole('button', { name: 'Verify phone' }));
    expect(screen.getByText(sayIn('en', adMessages.verification.smsCodeFailed))).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/verify/phone-validate')).toBe(false);
  });

  it('shows the completion at once when the phone was verified before', async () => {
    mockFetch({
      'POST /api/verify/email': () => jsonResponse({ success: true, phoneKnown: true }),
      'POST /api/verify/phone': () =>
        jsonResponse({ success: true, smsSent: false, verified_phone: true }),
    });
    renderApp(link);
    expect(await screen.findByText(sayIn('en', adMessages.verification.complete))).toBeTruthy();
    expect(screen.queryByLabelText('SMS code')).toBeNull();
  });

  it('only verifies the email when the ad has no phone', async () => {
    const { calls } = mockFetch({
      'POST /api/verify/email': () => jsonResponse({ success: true, phoneKnown: false }),
    });
    renderApp(link);
    expect(
      await screen.findByText(sayIn('en', adMessages.verification.emailVerified)),
    ).toBeTruthy();
    expect(screen.queryByLabelText('SMS code')).toBeNull();
    expect(calls.some((call) => call.path === '/api/verify/phone')).toBe(false);
  });

  it('only logs a failure to send the SMS and still takes a code', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockFetch({
      'POST /api/verify/email': () => jsonResponse({ success: true, phoneKnown: true }),
      'POST /api/verify/phone': () =>
        jsonResponse({ success: false, error: 'Too many attempts.' }, 429),
    });
    renderApp(link);
    expect(await screen.findByLabelText('SMS code')).toBeTruthy();
    expect(warn).toHaveBeenCalled();
    expect(screen.queryByText(sayIn('en', adMessages.verification.smsSent))).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the email failure message when the link is refused or incomplete', async () => {
    mockFetch({
      'POST /api/verify/email': () => jsonResponse({ success: false, error: 'Link expired.' }, 400),
    });
    renderApp(link);
    expect((await screen.findByRole('alert')).textContent).toBe(
      sayIn('en', adMessages.verification.emailFailed),
    );
  });

  it('does not call the server for a link without its token', async () => {
    const { actionCalls } = mockFetch();
    renderApp('/activate?email=ada%40example.com&id=100234');
    expect((await screen.findByRole('alert')).textContent).toBe(
      sayIn('en', adMessages.verification.emailFailed),
    );
    await waitFor(() => expect(actionCalls()).toEqual([]));
  });
});

describe('/activate: Resend code (issue 16.8)', () => {
  const resendButton = () =>
    screen.getByRole<HTMLButtonElement>('button', { name: /^Resend code/ });
  /** The server's answer to a text: its gap and the code's lifetime (not the web's own numbers). */
  const texted = (resendInSeconds: number) =>
    jsonResponse({ success: true, smsSent: true, resendInSeconds, codeValidMinutes: 12 });

  it("counts down the server's wait after the text, then texts a new code and waits again", async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    try {
      const { calls } = mockFetch({
        'POST /api/verify/email': () => jsonResponse({ success: true, phoneKnown: true }),
        'POST /api/verify/phone': () => texted(75),
      });
      renderApp(link);
      await screen.findByText(sayIn('en', adMessages.verification.smsSent));
      expect(resendButton().textContent).toBe(
        sayIn('en', adMessages.verification.resendCodeIn({ wait: '2 minutes' })),
      );
      expect(resendButton().disabled).toBe(true);

      act(() => vi.advanceTimersByTime(15_000));
      expect(resendButton().textContent).toBe(
        sayIn('en', adMessages.verification.resendCodeIn({ wait: '1 minute' })),
      );
      act(() => vi.advanceTimersByTime(45_000));
      expect(resendButton().textContent).toBe(
        sayIn('en', adMessages.verification.resendCodeIn({ wait: '15 seconds' })),
      );
      act(() => vi.advanceTimersByTime(15_000));
      expect(resendButton().textContent).toBe(sayIn('en', adMessages.verification.resendCode));
      expect(resendButton().disabled).toBe(false);

      fireEvent.click(resendButton());
      expect(
        await screen.findByText(sayIn('en', adMessages.verification.smsResent({ ttlMinutes: 12 }))),
      ).toBeTruthy();
      const sends = calls.filter((call) => call.path === '/api/verify/phone');
      expect(sends.map((call) => call.body)).toEqual([
        { id: '100234', token: 'activation-token-0123456789' },
        { id: '100234', token: 'activation-token-0123456789', resend: true },
      ]);
      expect(resendButton().disabled).toBe(true);
      expect(resendButton().textContent).toBe(
        sayIn('en', adMessages.verification.resendCodeIn({ wait: '2 minutes' })),
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('opened again while the code is live, counts down only what the server says is left', async () => {
    mockFetch({
      'POST /api/verify/email': () => jsonResponse({ success: true, phoneKnown: true }),
      'POST /api/verify/phone': () => texted(20),
    });
    renderApp(link);
    await screen.findByText(sayIn('en', adMessages.verification.smsSent));
    expect(resendButton().textContent).toBe(
      sayIn('en', adMessages.verification.resendCodeIn({ wait: '20 seconds' })),
    );
  });

  it("waits as long as the server's limit says when the page's own text was refused", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockFetch({
      'POST /api/verify/email': () => jsonResponse({ success: true, phoneKnown: true }),
      'POST /api/verify/phone': () =>
        jsonResponse({ success: false, error: 'Too many.' }, 429, { 'retry-after': '300' }),
    });
    renderApp(link);
    await screen.findByLabelText('SMS code');
    expect(resendButton().textContent).toBe(
      sayIn('en', adMessages.verification.resendCodeIn({ wait: '5 minutes' })),
    );
    expect(resendButton().disabled).toBe(true);
  });

  it("shows the limit's message and wait in words when the server answers 429, and counts it down", async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    try {
      let sends = 0;
      const limit = sayIn(
        'en',
        adMessages.verification.resendHourly({ count: 5, wait: waitInWords(477) }),
      );
      mockFetch({
        'POST /api/verify/email': () => jsonResponse({ success: true, phoneKnown: true }),
        'POST /api/verify/phone': () => {
          sends += 1;
          return sends === 1
            ? texted(60)
            : jsonResponse({ success: false, error: limit }, 429, { 'retry-after': '477' });
        },
      });
      renderApp(link);
      await screen.findByText(sayIn('en', adMessages.verification.smsSent));
      act(() => vi.advanceTimersByTime(60_000));
      fireEvent.click(resendButton());
      expect(limit).toContain('8 minutes');
      expect((await screen.findByRole('alert')).textContent).toBe(limit);
      expect(resendButton().textContent).toBe(
        sayIn('en', adMessages.verification.resendCodeIn({ wait: '8 minutes' })),
      );
      expect(resendButton().disabled).toBe(true);

      // Once the wait is over, the button is back and the limit's message goes.
      act(() => vi.advanceTimersByTime(477_000));
      expect(resendButton().textContent).toBe(sayIn('en', adMessages.verification.resendCode));
      expect(screen.queryByText(limit)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
