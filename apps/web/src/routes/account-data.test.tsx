import {
  accountDataFormat,
  accountMessages,
  limits,
  storageKeys,
  type AccountDataExport,
  catalogueAreas,
  messagesOf,
  sayIn,
  sayAllIn,
} from '@adboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderApp, storeSession, testUser } from '../test/helpers';

const answersEn = messagesOf(catalogueAreas.answers, 'en');

const data = sayAllIn('en', accountMessages.data);
const deletion = sayAllIn('en', accountMessages.deletion);
const password = 'my own passphrase';

const exported: AccountDataExport = {
  format: accountDataFormat,
  exportedAt: '2026-03-10T12:00:00.000Z',
  account: {
    id: testUser.user_id,
    email: testUser.email,
    role: 'advertiser',
    siteId: 'local',
    createdAt: '2026-01-01T00:00:00.000Z',
    emailVerifiedAt: '2026-01-01T00:05:00.000Z',
  },
  ads: [],
  orders: [],
  receipts: [],
  refunds: [],
  sessions: [],
  securityEvents: [{ kind: 'password_changed', detail: null, at: '2026-02-01T10:00:00.000Z' }],
};

const here = {
  id: '11111111-1111-4111-8111-111111111111',
  device: 'Chrome on Windows',
  createdAt: '2026-03-07T12:00:00Z',
  lastSeenAt: '2026-03-10T11:58:00Z',
  current: true,
};

/** The account page's server: the session list, and the two calls that ask for the password. */
function server(options: { wrongPassword?: boolean } = {}) {
  const refuse = () =>
    jsonResponse(
      {
        success: false,
        error: sayIn('en', accountMessages.twoStep.reauthFailed),
        fields: { password: sayIn('en', accountMessages.twoStep.reauthFailed) },
      },
      400,
    );
  return mockFetch({
    'GET /api/account/sessions': () =>
      jsonResponse({ success: true, email: testUser.email, sessions: [here] }),
    'POST /api/account/data-export': () =>
      options.wrongPassword
        ? refuse()
        : jsonResponse(exported, 200, {
            'content-disposition': 'attachment; filename="account-data-2026-03-10.json"',
          }),
    'POST /api/account/delete': () =>
      options.wrongPassword ? refuse() : jsonResponse({ success: true }),
  });
}

/** What the page handed the browser to save: the file's name and its text. */
function captureDownloads() {
  const saved: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        const url = `blob:test/${blobs.size}`;
        blobs.set(url, blob);
        return url;
      }),
      revokeObjectURL: vi.fn(),
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.href);
    if (blob) saved.push({ name: this.download, blob });
  });
  return saved;
}

/** A Blob's text (jsdom's Blob has no text()). */
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('unreadable blob'));
    reader.readAsText(blob);
  });
}

describe('/account: your data and deleting the account (issue 27)', () => {
  beforeEach(() => {
    storeSession();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('downloads the data as a dated JSON file after asking for the password', async () => {
    const saved = captureDownloads();
    const { calls } = server();
    const { user } = renderApp('/account');
    expect(await screen.findByRole('heading', { name: data.heading })).toBeTruthy();
    expect(screen.getByText(data.intro)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: data.download }));
    const dialog = await screen.findByRole('dialog', { name: data.dialogTitle });
    // An empty password is the form's own refusal: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: data.downloadSubmit }));
    expect(await within(dialog).findByText(answersEn.rules.requiredField)).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/account/data-export')).toBe(false);

    await user.type(
      within(dialog).getByLabelText(sayIn('en', accountMessages.reauth.passwordLabel)),
      password,
    );
    await user.click(within(dialog).getByRole('button', { name: data.downloadSubmit }));
    expect(await screen.findByText(data.downloaded)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const sent = calls.filter((call) => call.path === '/api/account/data-export');
    expect(sent.map((call) => [call.method, call.body])).toEqual([['POST', { password }]]);
    expect(sent[0]?.headers.get('session')).toBe(testUser.token);
    expect(saved.map((file) => file.name)).toEqual(['account-data-2026-03-10.json']);
    const blob = saved[0]?.blob;
    if (!blob) throw new Error('nothing saved');
    expect(JSON.parse(await blobText(blob))).toEqual(exported);
  });

  it('keeps the dialog open with the server refusal when the password is wrong', async () => {
    const saved = captureDownloads();
    server({ wrongPassword: true });
    const { user } = renderApp('/account');
    await user.click(await screen.findByRole('button', { name: data.download }));
    const dialog = await screen.findByRole('dialog', { name: data.dialogTitle });
    await user.type(
      within(dialog).getByLabelText(sayIn('en', accountMessages.reauth.passwordLabel)),
      'wrong one',
    );
    await user.click(within(dialog).getByRole('button', { name: data.downloadSubmit }));
    expect(
      await within(dialog).findByText(sayIn('en', accountMessages.twoStep.reauthFailed)),
    ).toBeTruthy();
    expect(saved).toEqual([]);
    // Still signed in: a 403 is no end of the session.
    expect(localStorage.getItem(storageKeys.session)).toBe(testUser.token);
  });

  it('says what deleting does; Cancel sends nothing', async () => {
    const { calls } = server();
    const { user } = renderApp('/account');
    expect(await screen.findByRole('heading', { name: deletion.heading })).toBeTruthy();
    expect(
      screen.getByText(deletion.intro({ graceDays: limits.accountErasureGraceDays })),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: deletion.open }));
    const dialog = await screen.findByRole('dialog', { name: deletion.dialogTitle });
    await user.click(within(dialog).getByRole('button', { name: deletion.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.path === '/api/account/delete')).toBe(false);
  });

  it('deletes the account with the password, forgets it here and goes to sign-in', async () => {
    const { calls } = server();
    const { user, location } = renderApp('/account');
    await user.click(await screen.findByRole('button', { name: deletion.open }));
    const dialog = await screen.findByRole('dialog', { name: deletion.dialogTitle });
    await user.type(
      within(dialog).getByLabelText(sayIn('en', accountMessages.reauth.passwordLabel)),
      password,
    );
    await user.click(within(dialog).getByRole('button', { name: deletion.confirm }));

    await screen.findByRole('heading', { name: 'Log in' });
    expect(location()).toBe('/login');
    expect(await screen.findByText(deletion.deleted)).toBeTruthy();
    expect(localStorage.getItem(storageKeys.session)).toBeNull();
    expect(
      calls.filter((call) => call.path === '/api/account/delete').map((call) => call.body),
    ).toEqual([{ password }]);
  });

  it('stays signed in with the refusal in the dialog when the password is wrong', async () => {
    server({ wrongPassword: true });
    const { user, location } = renderApp('/account');
    await user.click(await screen.findByRole('button', { name: deletion.open }));
    const dialog = await screen.findByRole('dialog', { name: deletion.dialogTitle });
    await user.type(
      within(dialog).getByLabelText(sayIn('en', accountMessages.reauth.passwordLabel)),
      'wrong one',
    );
    await user.click(within(dialog).getByRole('button', { name: deletion.confirm }));
    expect(
      await within(dialog).findByText(sayIn('en', accountMessages.twoStep.reauthFailed)),
    ).toBeTruthy();
    expect(location()).toBe('/account');
    expect(localStorage.getItem(storageKeys.session)).toBe(testUser.token);
  });
});
