import {
  accountMessages,
  type SecondFactor,
  type SecondFactorsResult,
  sayAllIn,
} from '@adboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderApp, storeSession, testUser } from '../test/helpers';

const text = sayAllIn('en', accountMessages.twoStep);

const phone: SecondFactor = {
  id: '44444444-4444-4444-8444-444444444444',
  kind: 'totp',
  name: 'Work phone',
  createdAt: '2026-03-01T12:00:00Z',
  lastUsedAt: null,
};
const setup = {
  success: true,
  setupId: '55555555-5555-4555-8555-555555555555',
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  uri: 'otpauth://totp/Adboard%20Local:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
};
const codes = Array.from(
  { length: 10 },
  (_, i) => `abcd-efgh-ijkl-mno${String.fromCharCode(97 + i)}`,
);

/** The mocked server's factors: confirming adds one, removing drops it, as the server does. */
function serverWith(initial: SecondFactor[], overrides: Record<string, () => Response> = {}) {
  let factors = [...initial];
  const list = (): SecondFactorsResult => ({
    success: true,
    required: false,
    factors,
    recoveryCodesLeft: factors.length > 0 ? 10 : 0,
  });
  return mockFetch({
    'GET /api/account/sessions': () =>
      jsonResponse({ success: true, email: testUser.email, sessions: [] }),
    'GET /api/account/second-factors': () => jsonResponse(list()),
    'POST /api/account/second-factors/totp': () => jsonResponse(setup),
    'POST /api/account/second-factors/totp/confirm': () => {
      factors = [...factors, { ...phone, id: setup.setupId, name: 'My phone' }];
      return jsonResponse({ success: true, recoveryCodes: codes });
    },
    [`POST /api/account/second-factors/${phone.id}/remove`]: () => {
      factors = factors.filter((f) => f.id !== phone.id);
      return jsonResponse({ success: true });
    },
    ...overrides,
  });
}

describe('/account: two-step sign-in (issue 27)', () => {
  it('adds an authenticator app: QR code and key, its first code and the password, then the recovery codes once', async () => {
    storeSession();
    const { calls } = serverWith([]);
    const { user } = renderApp('/account');
    expect(await screen.findByText(text.none)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: text.add }));

    const qr = await screen.findByRole('img', { name: text.qrLabel });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeTruthy();

    const name = screen.getByLabelText(text.nameLabel);
    await user.clear(name);
    await user.type(name, 'My phone');
    await user.type(screen.getByLabelText(text.newCodeLabel), '123 456');
    // Neither the password nor a code: the shared rule asks for one.
    await user.click(screen.getByRole('button', { name: text.confirm }));
    expect(await screen.findByText(text.reauthRequired)).toBeTruthy();
    // The account page has other password fields (change password): this section's own.
    const section = screen.getByRole('region', { name: text.heading });
    await user.type(within(section).getByLabelText(text.currentPassword), 'my password');
    await user.click(screen.getByRole('button', { name: text.confirm }));

    const region = await screen.findByRole('region', { name: text.recoveryNewHeading });
    expect(within(region).getAllByRole('listitem')).toHaveLength(10);
    expect(within(region).getByText(codes[0] ?? '')).toBeTruthy();
    const download = within(region).getByRole('link', { name: text.recoveryDownload });
    expect(download.getAttribute('download')).toBe(text.recoveryFileName);
    expect(decodeURIComponent(download.getAttribute('href') ?? '')).toContain(codes[9] ?? '');
    expect(calls.find((c) => c.path === '/api/account/second-factors/totp/confirm')?.body).toEqual({
      setupId: setup.setupId,
      name: 'My phone',
      newCode: '123456',
      password: 'my password',
    });
    expect(await screen.findByText('My phone')).toBeTruthy();
    // Shown once: gone after "I have saved them", and never read again.
    await user.click(within(region).getByRole('button', { name: text.recoveryDone }));
    expect(screen.queryByText(codes[0] ?? '')).toBeNull();
    expect(screen.getByText(text.recoveryLeft({ count: 10 }))).toBeTruthy();
  });

  it('removes an app after the password is asked again; a wrong one shows in the dialog', async () => {
    storeSession();
    let wrong = true;
    const { calls } = serverWith([phone], {
      [`POST /api/account/second-factors/${phone.id}/remove`]: () => {
        if (wrong) {
          wrong = false;
          return jsonResponse(
            { success: false, error: text.reauthFailed, fields: { password: text.reauthFailed } },
            400,
          );
        }
        return jsonResponse({ success: true });
      },
    });
    const { user } = renderApp('/account');
    await user.click(
      await screen.findByRole('button', { name: text.removeLabel({ name: phone.name }) }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: text.removeLabel({ name: phone.name }),
    });
    await user.type(within(dialog).getByLabelText(text.currentPassword), 'not it');
    await user.click(within(dialog).getByRole('button', { name: text.remove }));
    expect(await within(dialog).findByText(text.reauthFailed)).toBeTruthy();
    await user.clear(within(dialog).getByLabelText(text.currentPassword));
    await user.type(within(dialog).getByLabelText(text.currentCode), '654321');
    await user.click(within(dialog).getByRole('button', { name: text.remove }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const removes = calls.filter((c) => c.path.endsWith('/remove'));
    expect(removes.map((c) => c.body)).toEqual([{ password: 'not it' }, { code: '654321' }]);
  });

  it('tells an account that must keep a factor that it has none', async () => {
    storeSession();
    mockFetch({
      'GET /api/account/sessions': () =>
        jsonResponse({ success: true, email: testUser.email, sessions: [] }),
      'GET /api/account/second-factors': () =>
        jsonResponse({ success: true, required: true, factors: [], recoveryCodesLeft: 0 }),
    });
    renderApp('/account');
    expect(await screen.findByText(text.required)).toBeTruthy();
  });
});
