import { describe, expect, it } from 'vitest';
import { siteById } from '../sites/site-by-id.js';
import { siteServedOn } from '../sites/served-site.js';
import { jobAppOrigin, renewalLink } from './job-origin.js';

describe('the origin of links mailed by jobs', () => {
  it('uses the url of the site as served: configured for production, the port bound locally', () => {
    expect(jobAppOrigin(siteById('velvet'))).toBe('https://velvetboard.example');
    expect(jobAppOrigin(siteServedOn(siteById('local'), 4321))).toBe('http://localhost:4321');
  });

  it('opens the wizard as a renewal of the ad', () => {
    expect(renewalLink('https://velvetboard.example', 100123)).toBe(
      'https://velvetboard.example/edit-post?id=100123&renew=1',
    );
  });
});
