import { storageKeys, catalogueAreas, messagesOf } from '@adboard/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderApp, storeSession, testUser } from '../test/helpers';

const answersEn = messagesOf(catalogueAreas.answers, 'en');

describe('/login', () => {
  it('sends a stored session straight to /posts', async () => {
    storeSession();
    mockFetch();
    const { location } = renderApp('/login');
    await screen.findByRole('heading', { name: 'My Posts' });
    expect(location()).toBe('/posts');
  });

  it('shows invalid credentials once, as an inline alert (no toast repeating it)', async () => {
    mockFetch({
      'POST /api/user/login': () =>
        jsonResponse({ success: false, error: answersEn.auth.invalidCredentials }, 401),
    });
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(answersEn.auth.invalidCredentials);
    expect(screen.getAllByText(answersEn.auth.invalidCredentials)).toHaveLength(1);
    expect(window.localStorage.getItem(storageKeys.session)).toBeNull();
  });

  it('signs in, stores the session and goes to /posts', async () => {
    const { calls } = mockFetch({
      'POST /api/user/login': () => jsonResponse({ success: true, data: testUser }),
    });
    const { user, location } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), ` ${testUser.email} `);
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await screen.findByRole('heading', { name: 'My Posts' });
    expect(location()).toBe('/posts');
    expect(calls.find((call) => call.path === '/api/user/login')?.body).toEqual({
      email: testUser.email,
      password: 'correct horse',
    });
    expect(window.localStorage.getItem(storageKeys.session)).toBe(testUser.token);
    expect(window.localStorage.getItem(storageKeys.email)).toBe(testUser.email);
    expect(window.localStorage.getItem(storageKeys.userId)).toBe(testUser.user_id);
    expect(screen.getByRole('link', { name: 'Logout' })).toBeTruthy();
  });

  it('goes to /verifyemail when the email still needs its code', async () => {
    mockFetch({
      'POST /api/user/login': () =>
        jsonResponse(
          { success: false, error: answersEn.auth.emailNotVerified, verifyEmail: true },
          403,
        ),
    });
    const { user, location } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await screen.findByRole('heading', { name: 'Verify your email' });
    expect(location()).toBe('/verifyemail?email=new%40example.com');
  });

  it('links to register and forgot password', async () => {
    mockFetch();
    renderApp('/login');
    expect(
      (await screen.findByRole('link', { name: 'Create an account' })).getAttribute('href'),
    ).toBe('/register');
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/forgotpassword',
    );
  });
});
