import { catalogueAreas, messagesOf } from '@adboard/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderApp } from '../test/helpers';

const answersEn = messagesOf(catalogueAreas.answers, 'en');

const link = '/resetpassword?email=ada%40example.com&edit=reset-token-0123456789';

describe('/resetpassword', () => {
  it('shows the bad-link message and a way to ask again when edit is missing', async () => {
    mockFetch();
    renderApp('/resetpassword?email=ada%40example.com');
    expect((await screen.findByRole('alert')).textContent).toBe(answersEn.auth.resetBadLink);
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe(
      '/forgotpassword?email=ada%40example.com',
    );
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('refuses different entries without calling the server', async () => {
    const { actionCalls } = mockFetch();
    const { user } = renderApp(link);
    await user.type(await screen.findByLabelText('New password'), 'correct horse battery');
    await user.type(screen.getByLabelText('Confirm new password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(answersEn.auth.resetMismatch);
    expect(actionCalls()).toEqual([]);
  });

  it('changes the password and offers the log-in link', async () => {
    const { calls } = mockFetch({
      'POST /api/user/changepassword': () => jsonResponse({ success: true }),
    });
    const { user } = renderApp(link);
    await user.type(await screen.findByLabelText('New password'), 'correct horse battery');
    await user.type(screen.getByLabelText('Confirm new password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect((await screen.findByRole('status')).textContent).toBe(answersEn.auth.resetDone);
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(calls.find((call) => call.path === '/api/user/changepassword')?.body).toEqual({
      email: 'ada@example.com',
      password: 'correct horse battery',
      token: 'reset-token-0123456789',
    });
  });

  it("shows the server's error, else the catalogue message", async () => {
    mockFetch({
      'POST /api/user/changepassword': () => new Response('', { status: 500 }),
    });
    const { user } = renderApp(link);
    await user.type(await screen.findByLabelText('New password'), 'correct horse battery');
    await user.type(screen.getByLabelText('Confirm new password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(answersEn.auth.resetFailed);
  });

  it('says a used or expired link is gone and offers a new one, in place of the form', async () => {
    mockFetch({
      'POST /api/user/changepassword': () =>
        jsonResponse({ success: false, error: answersEn.auth.resetLinkGone }, 410),
    });
    const { user } = renderApp(link);
    await user.type(await screen.findByLabelText('New password'), 'correct horse battery');
    await user.type(screen.getByLabelText('Confirm new password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(answersEn.auth.resetLinkGone);
    expect(screen.queryByText(answersEn.auth.resetFailed)).toBeNull();
    expect(
      screen.getByRole('link', { name: answersEn.auth.resetRequestNew }).getAttribute('href'),
    ).toBe('/forgotpassword?email=ada%40example.com');
    // Retrying cannot help: the form is gone.
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change password' })).toBeNull();
  });
});
