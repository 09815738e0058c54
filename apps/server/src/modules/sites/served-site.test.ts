import { describe, expect, it } from 'vitest';
import { siteById } from './site-by-id.js';
import { siteServedOn } from './served-site.js';

describe('a site as served on a port', () => {
  it('keeps the configured url of a production site, whatever the port', () => {
    expect(siteServedOn(siteById('velvet'), 8080).url).toBe('https://velvetboard.example');
  });

  it("names the server's own port on the local development site", () => {
    expect(siteServedOn(siteById('local'), 4321).url).toBe('http://localhost:4321');
    expect(siteServedOn(siteById('local'), 80).url).toBe('http://localhost');
  });

  it('keeps the configured url while the port is unknown', () => {
    const local = siteById('local');
    expect(siteServedOn(local, null)).toBe(local);
  });
});
