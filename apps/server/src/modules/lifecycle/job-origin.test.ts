import { describe, expect, it } from 'vitest';
import { siteById } from '../sites/site-by-id.js';
import { jobAppOrigin, renewalLink } from './job-origin.js';

describe('the origin of links mailed by jobs', () => {
  it('uses the configured URL of a production site, whatever the port', () => {
    expect(jobAppOrigin(siteById('velvet'), 8080)).toBe('https://velvetboard.example');
  });

  it("uses the server's own port on the local development site", () => {
    expect(jobAppOrigin(siteById('local'), 4321)).toBe('http://localhost:4321');
  });

  it('keeps the configured URL when the port is unknown or random (0)', () => {
    expect(jobAppOrigin(siteById('local'), undefined)).toBe('http://localhost:3000');
    expect(jobAppOrigin(siteById('local'), 0)).toBe('http://localhost:3000');
  });

  it('opens the wizard as a renewal of the ad', () => {
    expect(renewalLink('https://velvetboard.example', 100123)).toBe(
      'https://velvetboard.example/edit-post?id=100123&renew=1',
    );
  });
});
