import { adMessages, storageKeys, catalogueAreas, messagesOf, sayIn } from '@adboard/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderApp, testUser } from '../test/helpers';

const answersEn = messagesOf(catalogueAreas.answers, 'en');

const link = '/completeregistration?email=ada%40example.com&edit=ad-edit-token-0123456789';

describe('/completeregistration', () => {
  it('registers the email of the link with the ad token and goes to /verifyemail', async () => {
    const { calls } = mockFetch({
      'POST /api/user/register': () => jsonResponse({ success: true }),
    });
    const { user, location } = renderApp(link);
    const email = await screen.findByLabelText<HTMLInputElement>('Email');
    expect(email.value).toBe('ada@example.com');
    expect(email.readOnly).toBe(true);
    const submit = screen.getByRole<HTMLButtonElement>('button', { name: 'Complete registration' });
    expect(submit.disabled).toBe(true);

    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.type(screen.getByLabelText('Confirm password'), 'correct horse battery');
    await user.click(screen.getByLabelText(sayIn('en', adMessages.wizard.rulesAccept)));
    expect(submit.disabled).toBe(false);
    await user.click(submit);

    await screen.findByRole('heading', { name: 'Verify your email' });
    expect(location()).toBe('/verifyemail?email=ada%40example.com');
    expect(calls.find((call) => call.path === '/api/user/register')?.body).toEqual({
      email: 'ada@example.com',
      password: 'correct horse battery',
      token: 'ad-edit-token-0123456789',
    });
  });

  it('signs in and goes to /posts when the server answers the signed-in user (no code needed)', async () => {
    const { calls } = mockFetch({
      'POST /api/user/register': () => jsonResponse({ success: true, user: testUser }),
    });
    const { user, location } = renderApp(link);
    await user.type(await screen.findByLabelText('Password'), 'correct horse battery');
    await user.type(screen.getByLabelText('Confirm password'), 'correct horse battery');
    await user.click(screen.getByLabelText(sayIn('en', adMessages.wizard.rulesAccept)));
    await user.click(screen.getByRole('button', { name: 'Complete registration' }));

    await screen.findByRole('heading', { name: 'My Posts' });
    expect(location()).toBe('/posts');
    expect(screen.getByText(answersEn.auth.verifySuccess)).toBeTruthy();
    expect(window.localStorage.getItem(storageKeys.session)).toBe(testUser.token);
    expect(window.localStorage.getItem(storageKeys.email)).toBe(testUser.email);
    expect(window.localStorage.getItem(storageKeys.userId)).toBe(testUser.user_id);
    expect(calls.some((call) => call.path === '/api/user/verifyemail')).toBe(false);
  });

  it('shows the refusal of a bad or expired link and stays signed out', async () => {
    mockFetch({
      'POST /api/user/register': () =>
        jsonResponse({ success: false, error: answersEn.auth.completeRegistrationFailed }, 400),
    });
    const { user, location } = renderApp(link);
    await user.type(await screen.findByLabelText('Password'), 'correct horse battery');
    await user.type(screen.getByLabelText('Confirm password'), 'correct horse battery');
    await user.click(screen.getByLabelText(sayIn('en', adMessages.wizard.rulesAccept)));
    await user.click(screen.getByRole('button', { name: 'Complete registration' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      answersEn.auth.completeRegistrationFailed,
    );
    expect(location()).toBe(link);
    expect(window.localStorage.getItem(storageKeys.session)).toBeNull();
  });

  it("shows the server's error, or the complete-registration message", async () => {
    let answer = jsonResponse({ success: false, error: answersEn.auth.passwordTooCommon }, 400);
    mockFetch({ 'POST /api/user/register': () => answer });
    const { user } = renderApp(link);
    await user.type(await screen.findByLabelText('Password'), 'password123');
    await user.type(screen.getByLabelText('Confirm password'), 'password123');
    await user.click(screen.getByLabelText(sayIn('en', adMessages.wizard.rulesAccept)));
    await user.click(screen.getByRole('button', { name: 'Complete registration' }));
    expect((await screen.findByRole('alert')).textContent).toBe(answersEn.auth.passwordTooCommon);

    answer = new Response('', { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Complete registration' }));
    expect(
      await screen.findByText(answersEn.auth.completeRegistrationFailed, {
        selector: '[role=alert]',
      }),
    ).toBeTruthy();
  });

  it('says the link is broken without its email or token', async () => {
    const { actionCalls } = mockFetch();
    renderApp('/completeregistration?email=ada%40example.com');
    expect((await screen.findByRole('alert')).textContent).toBe(answersEn.auth.resetBadLink);
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(actionCalls()).toEqual([]);
  });
});
