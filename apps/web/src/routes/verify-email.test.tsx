import { storageKeys, catalogueAreas, messagesOf } from '@adboard/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderApp, testUser } from '../test/helpers';

const answersEn = messagesOf(catalogueAreas.answers, 'en');

describe('/verifyemail', () => {
  it('shows the email, verifies the code, signs in and goes to /posts', async () => {
    const { calls } = mockFetch({
      'POST /api/user/verifyemail': () => jsonResponse({ success: true, user: testUser }),
    });
    const { user, location } = renderApp('/verifyemail?email=ada%40example.com');
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
    const code = screen.getByLabelText('6-digit code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');

    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await screen.findByRole('heading', { name: 'My Posts' });
    expect(location()).toBe('/posts');
    expect(screen.getByText(answersEn.auth.verifySuccess)).toBeTruthy();
    expect(window.localStorage.getItem(storageKeys.session)).toBe(testUser.token);
    expect(calls.find((call) => call.path === '/api/user/verifyemail')?.body).toEqual({
      email: 'ada@example.com',
      code: '123456',
    });
  });

  it("shows the server's error for a wrong code once, inline (no toast repeating it)", async () => {
    mockFetch({
      'POST /api/user/verifyemail': () =>
        jsonResponse({ success: false, error: answersEn.auth.verifyCodeFailed }, 400),
    });
    const { user } = renderApp('/verifyemail?email=ada%40example.com');
    await user.type(await screen.findByLabelText('6-digit code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect((await screen.findByRole('alert')).textContent).toBe(answersEn.auth.verifyCodeFailed);
    expect(screen.getAllByText(answersEn.auth.verifyCodeFailed)).toHaveLength(1);
    expect(window.localStorage.getItem(storageKeys.session)).toBeNull();
  });

  it('leaves no word of a wrong code once the right code signs the user in (issue 16.3)', async () => {
    let attempts = 0;
    mockFetch({
      'POST /api/user/verifyemail': () => {
        attempts += 1;
        return attempts === 1
          ? jsonResponse({ success: false, error: answersEn.auth.verifyCodeFailed }, 400)
          : jsonResponse({ success: true, user: testUser });
      },
    });
    const { user } = renderApp('/verifyemail?email=ada%40example.com');
    const code = await screen.findByLabelText('6-digit code');
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findAllByText(answersEn.auth.verifyCodeFailed)).toHaveLength(1);

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('heading', { name: 'My Posts' });
    expect(screen.getByText(answersEn.auth.verifySuccess)).toBeTruthy();
    expect(screen.queryByText(answersEn.auth.verifyCodeFailed)).toBeNull();
  });

  it('refuses a code that is not 6 digits without calling the server', async () => {
    const { actionCalls } = mockFetch();
    const { user } = renderApp('/verifyemail?email=ada%40example.com');
    const code = await screen.findByLabelText('6-digit code');
    await user.type(code, '12a3');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    // The code's problem is shown under the code (issue 16: one message, by its field).
    expect(await screen.findByText(answersEn.auth.verifyCodeFailed)).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(actionCalls()).toEqual([]);
  });

  it('sends a new code on request', async () => {
    const { calls } = mockFetch({
      'POST /api/user/resendcode': () => jsonResponse({ success: true }),
    });
    const { user } = renderApp('/verifyemail?email=ada%40example.com');
    await user.click(await screen.findByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText(answersEn.auth.verifyCodeSent)).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/user/resendcode')?.body).toEqual({
      email: 'ada@example.com',
    });
  });

  it('explains a link without an email', async () => {
    mockFetch();
    renderApp('/verifyemail');
    expect((await screen.findByRole('alert')).textContent).toBe(answersEn.auth.resetBadLink);
  });
});
