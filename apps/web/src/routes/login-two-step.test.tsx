import {
  storageKeys,
  catalogueAreas,
  messagesOf,
  sayAllIn,
  secondStepMessages,
} from '@adboard/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderApp, testUser } from '../test/helpers';

const answersEn = messagesOf(catalogueAreas.answers, 'en');

const text = sayAllIn('en', secondStepMessages.twoStep);
const passkeys = sayAllIn('en', secondStepMessages.passkeys);
const challenge = 'c'.repeat(43);

async function passwordStep(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Email'), testUser.email);
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('/login with a second factor (issue 27)', () => {
  it('asks for the code after the password, and only then stores the session', async () => {
    const { calls } = mockFetch({
      'POST /api/user/login': () => jsonResponse({ success: true, challenge }),
      'POST /api/user/login/second-factor': () => jsonResponse({ success: true, data: testUser }),
    });
    const { user, location } = renderApp('/login');
    await passwordStep(user);
    await screen.findByRole('heading', { name: answersEn.auth.twoStepHeading });
    expect(window.localStorage.getItem(storageKeys.session)).toBeNull();
    await user.type(screen.getByLabelText(text.codeLabel), '123456');
    await user.click(screen.getByLabelText(text.rememberDevice({ days: 30 })));
    await user.click(screen.getByRole('button', { name: text.verify }));
    await screen.findByRole('heading', { name: 'My Posts' });
    expect(location()).toBe('/posts');
    expect(window.localStorage.getItem(storageKeys.session)).toBe(testUser.token);
    expect(calls.find((c) => c.path === '/api/user/login/second-factor')?.body).toEqual({
      challenge,
      code: '123456',
      remember: true,
    });
  });

  it('takes a recovery code instead, and shows a wrong code in the form', async () => {
    let first = true;
    mockFetch({
      'POST /api/user/login': () => jsonResponse({ success: true, challenge }),
      'POST /api/user/login/second-factor': () => {
        if (first) {
          first = false;
          return jsonResponse({ success: false, error: text.codeFailed }, 401);
        }
        return jsonResponse({ success: true, data: testUser });
      },
    });
    const { user } = renderApp('/login');
    await passwordStep(user);
    await user.click(await screen.findByRole('button', { name: text.useRecoveryCode }));
    expect(screen.getByText(text.signInRecoveryIntro)).toBeTruthy();
    await user.type(screen.getByLabelText(text.recoveryCodeLabel), 'abcd-efgh-ijkl-mnop');
    await user.click(screen.getByRole('button', { name: text.verify }));
    expect((await screen.findByRole('alert')).textContent).toBe(text.codeFailed);
    await user.click(screen.getByRole('button', { name: text.verify }));
    await screen.findByRole('heading', { name: 'My Posts' });
  });

  it('goes back to the password when the challenge is gone', async () => {
    mockFetch({
      'POST /api/user/login': () => jsonResponse({ success: true, challenge }),
      'POST /api/user/login/second-factor': () =>
        jsonResponse({ success: false, error: text.challengeGone }, 410),
    });
    const { user } = renderApp('/login');
    await passwordStep(user);
    await user.type(await screen.findByLabelText(text.codeLabel), '123456');
    await user.click(screen.getByRole('button', { name: text.verify }));
    await screen.findByRole('heading', { name: 'Log in' });
    expect((await screen.findByRole('alert')).textContent).toBe(text.challengeGone);
    expect(answersEn.auth.invalidCredentials).not.toBe(text.challengeGone);
  });

  describe('with a passkey', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it("leads with the passkey when it is the account's only factor; a dismissed prompt is said in the form", async () => {
      // A browser with WebAuthn (jsdom has none; its credentials API stays absent).
      vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
      const { calls } = mockFetch({
        'POST /api/user/login': () =>
          jsonResponse({ success: true, challenge, factorKinds: ['passkey'] }),
        'POST /api/user/login/second-factor/passkey-options': () =>
          jsonResponse({
            success: true,
            ceremonyId: '00000000-0000-4000-8000-000000000000',
            options: { challenge: 'abc', rpId: 'localhost', allowCredentials: [] },
          }),
      });
      const { user, location } = renderApp('/login');
      await passwordStep(user);
      await screen.findByText(passkeys.signInStepIntro);
      expect(screen.queryByLabelText(text.codeLabel)).toBeNull();
      expect(screen.queryByRole('button', { name: text.useAppCode })).toBeNull();
      expect(screen.getByRole('button', { name: text.useRecoveryCode })).toBeTruthy();
      await user.click(screen.getByRole('button', { name: passkeys.usePasskey }));
      expect((await screen.findByRole('alert')).textContent).toBe(answersEn.auth.passkeyCancelled);
      expect(location()).toBe('/login');
      expect(
        calls.find((c) => c.path === '/api/user/login/second-factor/passkey-options')?.body,
      ).toEqual({ challenge });
      // The recovery code stays a way in.
      await user.click(screen.getByRole('button', { name: text.useRecoveryCode }));
      expect(screen.getByLabelText(text.recoveryCodeLabel)).toBeTruthy();
    });

    it('offers "Use a passkey instead" beside the app when the account has both', async () => {
      vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
      mockFetch({
        'POST /api/user/login': () =>
          jsonResponse({ success: true, challenge, factorKinds: ['totp', 'passkey'] }),
      });
      const { user } = renderApp('/login');
      await passwordStep(user);
      expect(await screen.findByLabelText(text.codeLabel)).toBeTruthy();
      expect(screen.getByRole('button', { name: passkeys.useInStep })).toBeTruthy();
    });
  });
});
