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

  it('leaves screens of later issues to the not-found screen for now', async () => {
    mockFetch();
    renderApp('/edit-post');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});
