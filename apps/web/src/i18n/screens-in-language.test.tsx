import { catalogueAreas, messagesOf } from '@adboard/shared';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderApp, testSite } from '../test/helpers';
import { secondStepText } from './areas';
import { readyArea } from './text-store';

const french = messagesOf(catalogueAreas.answers, 'fr-CA');
const spanishScreens = messagesOf(catalogueAreas.authScreens, 'es');
const spanishStep = messagesOf(catalogueAreas.secondStep, 'es');

/**
 * Issue 30: the screens moved to the catalogue's areas speak the reader's language from
 * their first paint: their words, their fields and the document's title.
 */
describe('the account screens in the reader’s language', () => {
  afterEach(() => {
    document.cookie = 'lang=; Path=/; Max-Age=0';
  });

  it('draws the sign-in screen in Canadian French', async () => {
    document.cookie = 'lang=fr-CA; Path=/';
    mockFetch();
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Se connecter' })).toBeTruthy();
    expect(screen.getByLabelText('Courriel')).toBeTruthy();
    expect(screen.getByLabelText('Mot de passe')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Créer un compte' })).toBeTruthy();
    expect(document.title).toBe(`Se connecter · ${testSite.name}`);
  });

  it('draws the forgotten-password screen in Spanish, its title included', async () => {
    document.cookie = 'lang=es; Path=/';
    mockFetch();
    renderApp('/forgotpassword');
    expect(
      await screen.findByRole('button', { name: 'Enviar enlace para restablecer' }),
    ).toBeTruthy();
    expect(screen.getByLabelText('Correo electrónico')).toBeTruthy();
    expect(document.title).toBe(`Contraseña olvidada · ${testSite.name}`);
  });

  it('draws the sign-in’s second step in Spanish: its words come with its form, not with /login', async () => {
    document.cookie = 'lang=es; Path=/';
    mockFetch({
      'POST /api/user/login': () => jsonResponse({ success: true, challenge: 'c'.repeat(43) }),
    });
    renderApp('/login');
    fireEvent.change(await screen.findByLabelText(spanishScreens.fields.email), {
      target: { value: 'jane@example.com' },
    });
    fireEvent.change(screen.getByLabelText(spanishScreens.fields.password), {
      target: { value: 'correct horse' },
    });
    expect(readyArea(secondStepText, 'es')).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: spanishScreens.common.logIn }));
    expect(await screen.findByText(spanishStep.twoStep.signInIntro)).toBeTruthy();
    expect(screen.getByLabelText(spanishStep.twoStep.codeLabel)).toBeTruthy();
    expect(screen.getByRole('button', { name: spanishStep.twoStep.verify })).toBeTruthy();
  });

  it('says a form rule of the shared schema in the reader’s language, and sends no call', async () => {
    document.cookie = 'lang=fr-CA; Path=/';
    const { actionCalls } = mockFetch();
    renderApp('/login');
    fireEvent.change(await screen.findByLabelText('Courriel'), { target: { value: 'jane' } });
    fireEvent.change(screen.getByLabelText('Mot de passe'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText(french.rules.invalidEmail)).toBeTruthy();
    expect(actionCalls()).toEqual([]);
  });

  it('asks the server in the app’s language and says a failed call in it', async () => {
    document.cookie = 'lang=fr-CA; Path=/';
    const { actionCalls } = mockFetch({
      'POST /api/user/login': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    renderApp('/login');
    fireEvent.change(await screen.findByLabelText('Courriel'), {
      target: { value: 'jane@example.com' },
    });
    fireEvent.change(screen.getByLabelText('Mot de passe'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText(french.http.networkError)).toBeTruthy();
    expect(actionCalls()[0]?.headers.get('accept-language')).toBe('fr-CA');
  });
});
