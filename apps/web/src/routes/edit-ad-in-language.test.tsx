import { catalogueAreas, messagesOf } from '@adboard/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { locationHandlers } from '../test/ad-fixtures';
import { mockFetch, renderApp, testSite } from '../test/helpers';

/** The words the test clicks through, in French (what it checks is written out below). */
const adsFrench = messagesOf(catalogueAreas.ads, 'fr-CA');
const adFormFrench = messagesOf(catalogueAreas.adForm, 'fr-CA');
const authFrench = messagesOf(catalogueAreas.authScreens, 'fr-CA');

/**
 * Issue 30: the wizard's words once written in its components (the steps bar, the
 * screen's title, the type step's selects, the ad form's choices, the editor's
 * toolbar) come from the catalogue: in Canadian French, French from the first paint.
 */
describe('/edit-post in the reader’s language', () => {
  afterEach(() => {
    document.cookie = 'lang=; Path=/; Max-Age=0';
  });

  it('names the steps, the screen and its tab in Canadian French', async () => {
    document.cookie = 'lang=fr-CA; Path=/';
    mockFetch(locationHandlers);
    renderApp('/edit-post');
    expect(await screen.findByRole('heading', { name: 'Publier une annonce' })).toBeTruthy();
    expect(document.title).toBe(`Publier une annonce · ${testSite.name}`);
    const steps = screen.getByRole('navigation', { name: 'Étapes de l’annonce' });
    const names = within(steps)
      .getAllByRole('button')
      .map((button) => button.querySelector('.steps__label')?.textContent);
    expect(names).toEqual(['Règles', 'Type', 'Annonce', 'Photos', 'Finaliser l’annonce']);
    // A screen reader hears how each step is, in French too.
    expect(within(steps).getByText('(étape en cours)')).toBeTruthy();
    expect(within(steps).getAllByText('(pas encore accessible)')).toHaveLength(4);
  });

  it('says the selects’ empty choices, the countries and the ad’s options in Canadian French', async () => {
    document.cookie = 'lang=fr-CA; Path=/';
    mockFetch(locationHandlers);
    const { user } = renderApp('/edit-post');
    await user.click(await screen.findByLabelText(adsFrench.wizard.rulesAccept));
    await user.click(screen.getByRole('button', { name: adsFrench.wizard.agree }));

    // The type step: the countries in French (the server names them in English).
    const country = await screen.findByLabelText('Pays');
    expect(await within(country).findByRole('option', { name: 'États-Unis' })).toBeTruthy();
    const city = screen.getByLabelText('Ville');
    expect(
      await within(city).findByRole('option', { name: '- Choisissez une ville -' }),
    ).toBeTruthy();
    await user.selectOptions(city, 'las-vegas');
    // The city's prices load their own words (the journey's) while the step waits.
    await user.click(await screen.findByRole('radio', { name: adFormFrench.types.paid.title }));
    await user.click(screen.getByRole('button', { name: authFrench.common.continue }));

    // The ad form: the country in its heading, the choices, rates and hours, the editor.
    expect(
      await screen.findByRole('heading', { name: 'Publication à Las Vegas, États-Unis' }),
    ).toBeTruthy();
    const incalls = screen.getByLabelText(adFormFrench.fields.incalls);
    expect(within(incalls).getByRole('option', { name: '- Choisissez -' })).toBeTruthy();
    expect(within(incalls).getByRole('option', { name: 'Résidence privée' })).toBeTruthy();
    const ethnicity = screen.getByLabelText(adFormFrench.fields.ethnicity);
    expect(
      within(ethnicity).getByRole('option', { name: '- Choisissez une origine -' }),
    ).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Tarifs' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Lundi' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Texto' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Gras' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Liste numérotée' })).toBeTruthy();
  });

  it('says the countries in Spanish', async () => {
    document.cookie = 'lang=es; Path=/';
    mockFetch(locationHandlers);
    const { user } = renderApp('/edit-post');
    const adsSpanish = messagesOf(catalogueAreas.ads, 'es');
    await user.click(await screen.findByLabelText(adsSpanish.wizard.rulesAccept));
    await user.click(screen.getByRole('button', { name: adsSpanish.wizard.agree }));
    const country = await screen.findByLabelText('País');
    expect(await within(country).findByRole('option', { name: 'Estados Unidos' })).toBeTruthy();
    expect(await within(country).findByRole('option', { name: 'Canadá' })).toBeTruthy();
  });
});
