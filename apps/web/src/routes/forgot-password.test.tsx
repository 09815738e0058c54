import { catalogueAreas, messagesOf } from '@adboard/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderApp } from '../test/helpers';

const answersEn = messagesOf(catalogueAreas.answers, 'en');

describe('/forgotpassword', () => {
  it('confirms the request with a status message', async () => {
    const { calls } = mockFetch({
      'POST /api/user/resetpassword': () => jsonResponse({ success: true }),
    });
    const { user } = renderApp('/forgotpassword');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect((await screen.findByRole('status')).textContent).toBe(answersEn.auth.forgotSent);
    expect(calls.find((call) => call.path === '/api/user/resetpassword')?.body).toEqual({
      email: 'ada@example.com',
    });
  });

  it('shows the catalogue failure message', async () => {
    mockFetch({ 'POST /api/user/resetpassword': () => new Response('', { status: 500 }) });
    const { user } = renderApp('/forgotpassword');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(answersEn.auth.forgotFailed);
  });

  it('checks the email before calling the server', async () => {
    const { actionCalls } = mockFetch();
    const { user } = renderApp('/forgotpassword');
    await user.type(await screen.findByLabelText('Email'), 'not an email');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(answersEn.rules.invalidEmail)).toBeTruthy();
    expect(actionCalls()).toEqual([]);
  });
});
