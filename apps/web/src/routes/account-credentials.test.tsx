import {
  accountMessages,
  storageKeys,
  type AccountSession,
  catalogueAreas,
  messagesOf,
  sayAllIn,
} from '@adboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  jsonResponse,
  mockFetch,
  renderApp,
  storeSession,
  testUser,
  type FetchCall,
} from '../test/helpers';

const answersEn = messagesOf(catalogueAreas.answers, 'en');

const password = sayAllIn('en', accountMessages.password);
const email = sayAllIn('en', accountMessages.email);

const here: AccountSession = {
  id: '11111111-1111-4111-8111-111111111111',
  device: 'Chrome on Windows',
  createdAt: '2026-03-07T12:00:00Z',
  lastSeenAt: '2026-03-10T11:58:00Z',
  current: true,
};

/** The account page's server: its email changes once a confirm answers. */
function server(handlers: Record<string, (call: FetchCall) => Response>) {
  let current = testUser.email;
  return mockFetch({
    'GET /api/account/sessions': () =>
      jsonResponse({ success: true, email: current, sessions: [here] }),
    ...handlers,
    ...(handlers['POST /api/account/email/confirm']
      ? {
          'POST /api/account/email/confirm': (call) => {
            const res = handlers['POST /api/account/email/confirm']?.(call) as Response;
            if (res.status === 200) current = 'ada.new@example.com';
            return res;
          },
        }
      : {}),
  });
}

function section(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

async function openAccount() {
  storeSession();
  const view = renderApp('/account');
  await screen.findByRole('heading', { name: password.heading });
  return view;
}

describe('/account: Password (issue 27)', () => {
  it('sends the current and the new password, then says the others are signed out', async () => {
    const { calls } = server({
      'POST /api/account/password': () => jsonResponse({ success: true }),
    });
    const { user } = await openAccount();
    const box = section(password.heading);
    await user.type(within(box).getByLabelText(password.current), 'my old passphrase');
    await user.type(within(box).getByLabelText(password.new), 'a brand new passphrase');
    await user.type(within(box).getByLabelText(password.confirm), 'a brand new passphrase');
    await user.click(within(box).getByRole('button', { name: password.submit }));
    expect(await screen.findByText(password.changed)).toBeTruthy();
    const sent = calls.filter((call) => call.path === '/api/account/password');
    expect(sent.map((call) => call.body)).toEqual([
      { currentPassword: 'my old passphrase', newPassword: 'a brand new passphrase' },
    ]);
    expect(sent[0]?.headers.get('session')).toBe(testUser.token);
    expect((within(box).getByLabelText(password.current) as HTMLInputElement).value).toBe('');
  });

  it('asks for matching new passwords of the site minimum before calling', async () => {
    const { calls } = server({});
    const { user } = await openAccount();
    const box = section(password.heading);
    await user.type(within(box).getByLabelText(password.current), 'my old passphrase');
    await user.type(within(box).getByLabelText(password.new), 'short');
    await user.type(within(box).getByLabelText(password.confirm), 'short');
    await user.click(within(box).getByRole('button', { name: password.submit }));
    expect(
      await within(box).findByText(answersEn.auth.passwordTooShort({ minLength: 8 })),
    ).toBeTruthy();
    await user.clear(within(box).getByLabelText(password.new));
    await user.type(within(box).getByLabelText(password.new), 'a brand new passphrase');
    await user.click(within(box).getByRole('button', { name: password.submit }));
    expect(await within(box).findByText(password.mismatch)).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/account/password')).toBe(false);
  });

  it("shows the server's refusals under their fields: a wrong current password, a common new one", async () => {
    let answer = jsonResponse(
      {
        success: false,
        error: password.currentWrong,
        fields: { currentPassword: password.currentWrong },
      },
      400,
    );
    server({ 'POST /api/account/password': () => answer });
    const { user } = await openAccount();
    const box = section(password.heading);
    await user.type(within(box).getByLabelText(password.current), 'not my passphrase');
    await user.type(within(box).getByLabelText(password.new), 'password1234');
    await user.type(within(box).getByLabelText(password.confirm), 'password1234');
    await user.click(within(box).getByRole('button', { name: password.submit }));
    expect(await within(box).findByText(password.currentWrong)).toBeTruthy();
    // Still signed in: a wrong password is no ended session.
    expect(localStorage.getItem(storageKeys.session)).toBe(testUser.token);

    answer = jsonResponse(
      {
        success: false,
        error: answersEn.auth.passwordTooCommon,
        fields: { newPassword: answersEn.auth.passwordTooCommon },
      },
      400,
    );
    await user.click(within(box).getByRole('button', { name: password.submit }));
    expect(await within(box).findByText(answersEn.auth.passwordTooCommon)).toBeTruthy();
  });
});

describe('/account: Email address (issue 27)', () => {
  it('sends the new address with the password, then the mailed code; the page shows the new email', async () => {
    const { calls } = server({
      'POST /api/account/email': () => jsonResponse({ success: true }),
      'POST /api/account/email/confirm': () =>
        jsonResponse({ success: true, email: 'ada.new@example.com' }),
    });
    const { user } = await openAccount();
    const box = section(email.heading);
    await user.type(within(box).getByLabelText(email.newEmail), 'ada.new@example.com');
    await user.type(within(box).getByLabelText(email.password), 'my passphrase');
    await user.click(within(box).getByRole('button', { name: email.submit }));

    expect(
      await within(box).findByText(email.codeSent({ email: 'ada.new@example.com' })),
    ).toBeTruthy();
    // Until the code is entered the account's email is the old one.
    expect(screen.getByText(testUser.email)).toBeTruthy();
    await user.type(within(box).getByLabelText(email.code), '123456');
    await user.click(within(box).getByRole('button', { name: email.confirm }));

    expect(await screen.findByText(email.changed({ email: 'ada.new@example.com' }))).toBeTruthy();
    await waitFor(() => expect(screen.getByText('ada.new@example.com')).toBeTruthy());
    expect(localStorage.getItem(storageKeys.email)).toBe('ada.new@example.com');
    const posted = calls.filter((call) => call.path.startsWith('/api/account/email'));
    expect(posted.map((call) => [call.path, call.body])).toEqual([
      ['/api/account/email', { email: 'ada.new@example.com', password: 'my passphrase' }],
      ['/api/account/email/confirm', { code: '123456' }],
    ]);
    // Back to the first step for another change.
    expect(within(box).getByLabelText(email.newEmail)).toBeTruthy();
  });

  it('shows a wrong password and a wrong code under their fields; Cancel goes back', async () => {
    let first = jsonResponse(
      { success: false, error: email.passwordWrong, fields: { password: email.passwordWrong } },
      400,
    );
    const { calls } = server({
      'POST /api/account/email': () => first,
      'POST /api/account/email/confirm': () =>
        jsonResponse(
          { success: false, error: email.codeWrong, fields: { code: email.codeWrong } },
          400,
        ),
    });
    const { user } = await openAccount();
    const box = section(email.heading);
    await user.type(within(box).getByLabelText(email.newEmail), 'ada.new@example.com');
    await user.type(within(box).getByLabelText(email.password), 'not my passphrase');
    await user.click(within(box).getByRole('button', { name: email.submit }));
    expect(await within(box).findByText(email.passwordWrong)).toBeTruthy();

    first = jsonResponse({ success: true });
    await user.click(within(box).getByRole('button', { name: email.submit }));
    await user.type(await within(box).findByLabelText(email.code), '654321');
    await user.click(within(box).getByRole('button', { name: email.confirm }));
    expect(await within(box).findByText(email.codeWrong)).toBeTruthy();
    expect(screen.getByText(testUser.email)).toBeTruthy();

    await user.click(within(box).getByRole('button', { name: email.cancel }));
    expect(within(box).getByLabelText(email.newEmail)).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/account/email/confirm')).toHaveLength(1);
  });

  it('checks the address and the code with the shared rules before calling', async () => {
    const { calls } = server({ 'POST /api/account/email': () => jsonResponse({ success: true }) });
    const { user } = await openAccount();
    const box = section(email.heading);
    await user.type(within(box).getByLabelText(email.newEmail), 'not an address');
    await user.type(within(box).getByLabelText(email.password), 'my passphrase');
    await user.click(within(box).getByRole('button', { name: email.submit }));
    expect(await within(box).findByText(answersEn.rules.invalidEmail)).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/account/email')).toBe(false);

    await user.clear(within(box).getByLabelText(email.newEmail));
    await user.type(within(box).getByLabelText(email.newEmail), 'ada.new@example.com');
    await user.click(within(box).getByRole('button', { name: email.submit }));
    await user.type(await within(box).findByLabelText(email.code), '12');
    await user.click(within(box).getByRole('button', { name: email.confirm }));
    expect(await within(box).findByText(email.codeWrong)).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/account/email/confirm')).toBe(false);
  });
});
