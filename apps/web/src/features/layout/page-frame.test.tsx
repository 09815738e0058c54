import { accountMessages, sayIn } from '@adboard/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderApp, storeSession, testSite } from '../../test/helpers';

function navLinks() {
  const nav = screen.getByRole('navigation', { name: 'Main' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('page frame', () => {
  it('shows a spinner until the site arrives, then the three heading parts in one home link', async () => {
    mockFetch();
    renderApp('/forgotpassword');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();

    // jsdom puts spaces between the parts of the name; browsers run inline spans together.
    const brand = await screen.findByRole('link', {
      name: (name) => name.replace(/\s/g, '') === testSite.heading.join(''),
    });
    expect(brand.getAttribute('href')).toBe('/');
    const parts = brand.querySelectorAll('span');
    expect(Array.from(parts, (part) => part.textContent)).toEqual([...testSite.heading]);
  });

  it("shows the brand's logo in the home link, decorative beside the heading", async () => {
    mockFetch();
    renderApp('/forgotpassword');
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    const logo = document.querySelector('a.brand img.brand__logo');
    expect(logo?.getAttribute('src')).toBe('/brand/logo.svg');
    expect(logo?.getAttribute('alt')).toBe('');
  });

  it('offers only Post New Ad (to /login) when signed out', async () => {
    mockFetch();
    renderApp('/forgotpassword');
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    expect(navLinks()).toEqual([['Post New Ad', '/login']]);
  });

  it('offers Post New Ad, My Posts, Account and Logout when signed in', async () => {
    storeSession();
    mockFetch();
    renderApp('/forgotpassword');
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    expect(navLinks()).toEqual([
      ['Post New Ad', '/edit-post'],
      ['My Posts', '/posts'],
      [sayIn('en', accountMessages.menuEntry), '/account'],
      ['Logout', '/logout'],
    ]);
  });

  it('has a collapsed menu toggle that expands and collapses', async () => {
    mockFetch();
    const { user } = renderApp('/forgotpassword');
    const toggle = await screen.findByRole('button', { name: 'Menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const nav = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(nav?.className).toContain('site-nav--open');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes the open menu after moving to another screen', async () => {
    mockFetch();
    const { user, location } = renderApp('/forgotpassword');
    const toggle = await screen.findByRole('button', { name: 'Menu' });
    await user.click(toggle);
    await user.click(screen.getByRole('link', { name: 'Back to log in' }));
    await screen.findByRole('heading', { name: 'Log in' });
    expect(location()).toBe('/login');
    expect(screen.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
  });

  it('links the contact email in the footer and titles the document', async () => {
    mockFetch();
    renderApp('/login');
    const contact = await screen.findByRole('link', { name: testSite.contactEmail });
    expect(contact.getAttribute('href')).toBe(`mailto:${testSite.contactEmail}`);
    expect(document.title).toBe(`Log in · ${testSite.name}`);
  });

  it('offers a retry when the site cannot be loaded', async () => {
    mockFetch({ 'GET /api/site': () => new Response('', { status: 503 }) });
    renderApp('/login');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('the frame in the reader’s language', () => {
  afterEach(() => {
    document.cookie = 'lang=; Path=/; Max-Age=0';
  });

  function menuOf(name: string) {
    return within(screen.getByRole('navigation', { name }))
      .getAllByRole('link')
      .map((link) => link.textContent);
  }

  it('speaks the browser’s first language among the three when nothing was chosen', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'es-MX', 'en-US']);
    mockFetch();
    renderApp('/forgotpassword');
    await screen.findByRole('navigation', { name: 'Principal' });
    expect(menuOf('Principal')).toEqual(['Publicar un anuncio']);
    expect(screen.getByRole('link', { name: 'Ir al contenido' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('es');
  });

  it('speaks the language chosen earlier (the menu’s cookie) over the browser’s', async () => {
    document.cookie = 'lang=fr-CA; Path=/';
    mockFetch();
    storeSession();
    renderApp('/forgotpassword');
    await screen.findByRole('navigation', { name: 'Principal' });
    expect(menuOf('Principal')).toEqual([
      'Publier une annonce',
      'Mes annonces',
      'Compte',
      'Déconnexion',
    ]);
    expect(document.documentElement.lang).toBe('fr-CA');
  });

  it('switches with the language menu, keeps the choice and says so in the new language', async () => {
    mockFetch();
    const { user } = renderApp('/forgotpassword');
    const languages = await screen.findByRole('navigation', { name: 'Language' });
    const english = within(languages).getByRole('button', { name: 'English' });
    expect(english.getAttribute('aria-pressed')).toBe('true');

    await user.click(within(languages).getByRole('button', { name: 'Español' }));
    await screen.findByRole('navigation', { name: 'Idioma' });
    expect(menuOf('Principal')).toEqual(['Publicar un anuncio']);
    expect(screen.getByText('El sitio ahora está en español.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Español' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(document.cookie).toContain('lang=es');
    expect(document.documentElement.lang).toBe('es');
  });
});
