import { adMessages, sayIn, catalogueAreas, messagesOf } from '@adboard/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderApp } from './test/helpers';

describe('routes', () => {
  it('redirects / to /login', async () => {
    mockFetch();
    const { location } = renderApp('/');
    await screen.findByRole('heading', { name: 'Log in' });
    expect(location()).toBe('/login');
  });

  it('shows Page not found with a link home for unknown paths', async () => {
    mockFetch();
    renderApp('/no/such/page');
    await screen.findByRole('heading', { name: 'Page not found' });
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe(
      '/',
    );
  });

  it('shows the rules on /terms', async () => {
    mockFetch();
    renderApp('/terms');
    await screen.findByRole('heading', { name: 'Terms and conditions' });
    expect(
      screen.getByRole('heading', { name: sayIn('en', adMessages.wizard.rulesHeading) }),
    ).toBeTruthy();
    for (const rule of Object.values(messagesOf(catalogueAreas.ads, 'en').wizard.rules))
      expect(screen.getByText(rule)).toBeTruthy();
    expect(document.title).toContain('Terms and conditions');
  });

  it('opens the ad wizard on /edit-post for signed-out visitors too', async () => {
    mockFetch();
    renderApp('/edit-post');
    expect(await screen.findByRole('heading', { name: 'Post an ad' })).toBeTruthy();
    expect(
      screen.getByRole('heading', { name: sayIn('en', adMessages.wizard.rulesHeading) }),
    ).toBeTruthy();
  });
});
