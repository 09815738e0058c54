import { describe, expect, it } from 'vitest';
import { defaultSiteFor, findSite } from './site-by-id.js';
import { siteRegistry } from './site-registry.js';

describe('the site of an account made outside any request', () => {
  it('is the one development site in development', () => {
    expect(defaultSiteFor('development').id).toBe('local');
  });

  it('is the default network site among several production sites', () => {
    expect(defaultSiteFor('production').id).toBe('network');
  });

  it('is the only production site of a registry that has one', () => {
    const velvet = findSite('velvet');
    const local = findSite('local');
    if (!velvet || !local) throw new Error('the registry changed');
    expect(defaultSiteFor('production', [local, velvet]).id).toBe('velvet');
  });

  it('finds a listed site by its id, and nothing for another', () => {
    expect(findSite('nightlist')).toBe(siteRegistry.find((s) => s.id === 'nightlist'));
    expect(findSite('nowhere')).toBeUndefined();
  });
});
