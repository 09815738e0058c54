import { siteDataElementId } from '@adboard/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch, renderApp, testSite } from '../../test/helpers';
import { readEmbeddedSite } from './embedded-site';

function embed(text: string): void {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = siteDataElementId;
  block.textContent = text;
  document.head.append(block);
}

afterEach(() => {
  document.getElementById(siteDataElementId)?.remove();
});

describe('the site written into the page', () => {
  it('lets the first screen render without asking the server for the site', async () => {
    embed(JSON.stringify({ ...testSite, heading: ['Embedded', 'Board', '.example'] }));
    const { calls } = mockFetch();

    renderApp('/login');

    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Embedded\s*Board/ })).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/site')).toHaveLength(0);
  });

  it('is ignored when it does not parse or does not fit the contract, and the site is asked for', async () => {
    embed('{"name": 1');
    expect(readEmbeddedSite()).toBeUndefined();
    document.getElementById(siteDataElementId)?.remove();
    embed(JSON.stringify({ name: 'half a site' }));
    expect(readEmbeddedSite()).toBeUndefined();

    const { calls } = mockFetch();
    renderApp('/login');

    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/site')).toHaveLength(1);
  });
});
