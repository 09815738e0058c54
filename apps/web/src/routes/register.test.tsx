import { catalogueAreas, messagesOf } from '@adboard/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderApp, testSite } from '../test/helpers';

const answersEn = messagesOf(catalogueAreas.answers, 'en');

const termsLabel = 'I have read and understand rules and terms and conditions on this site';

function registerButton() {
  return screen.getByRole<HTMLButtonElement>('button', { name: 'Register' });
}

describe('/register', () => {
  it('keeps Register disabled until terms, email and password are all filled', async () => {
    mockFetch();
    const { user } = renderApp('/register');
    const email = await screen.findByLabelText('Email');
    expect(registerButton().disabled).toBe(true);

    await user.click(screen.getByLabelText(termsLabel));
    expect(registerButton().disabled).toBe(true);
    await user.type(email, 'ada@example.com');
    expect(registerButton().disabled).toBe(true);
    await user.type(screen.getByLabelText('Password'), 'p');
    expect(registerButton().disabled).toBe(false);

    await user.click(screen.getByLabelText(termsLabel));
    expect(registerButton().disabled).toBe(true);
  });

  it('shows the catalogue message for mismatching passwords without calling the server', async () => {
    const { actionCalls } = mockFetch();
    const { user } = renderApp('/register');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.type(screen.getByLabelText('Confirm password'), 'correct horse battery!');
    await user.click(screen.getByLabelText(termsLabel));
    await user.click(registerButton());

    expect((await screen.findByRole('alert')).textContent).toBe(
      answersEn.auth.registerInvalid({ minLength: testSite.passwordMinLength }),
    );
    expect(actionCalls()).toEqual([]);
  });

  it('refuses a password shorter than the site minimum', async () => {
    const { actionCalls } = mockFetch();
    const { user } = renderApp('/register');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'short');
    await user.click(screen.getByLabelText(termsLabel));
    await user.click(registerButton());

    expect((await screen.findByRole('alert')).textContent).toBe(
      answersEn.auth.registerInvalid({ minLength: testSite.passwordMinLength }),
    );
    expect(actionCalls()).toEqual([]);
  });

  it('registers and goes to /verifyemail with the email', async () => {
    const { calls } = mockFetch({
      'POST /api/user/register': () => jsonResponse({ success: true }),
    });
    const { user, location } = renderApp('/register');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.type(screen.getByLabelText('Confirm password'), 'correct horse battery');
    await user.click(screen.getByLabelText(termsLabel));
    await user.click(registerButton());

    await screen.findByRole('heading', { name: 'Verify your email' });
    expect(location()).toBe('/verifyemail?email=ada%40example.com');
    expect(calls.find((call) => call.path === '/api/user/register')?.body).toEqual({
      email: 'ada@example.com',
      password: 'correct horse battery',
    });
  });

  it("shows the server's error, or the catalogue message when there is none", async () => {
    let answer: Response = jsonResponse(
      { success: false, error: answersEn.auth.passwordTooCommon },
      400,
    );
    mockFetch({ 'POST /api/user/register': () => answer });
    const { user } = renderApp('/register');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'password123');
    await user.type(screen.getByLabelText('Confirm password'), 'password123');
    await user.click(screen.getByLabelText(termsLabel));
    await user.click(registerButton());
    expect((await screen.findByRole('alert')).textContent).toBe(answersEn.auth.passwordTooCommon);

    answer = new Response('', { status: 500 });
    await user.click(registerButton());
    expect(
      await screen.findByText(answersEn.auth.registerFailed, { selector: '[role=alert]' }),
    ).toBeTruthy();
  });
});
