import { describe, expect, it } from 'vitest';
import { siteById } from '../modules/sites/site-by-id.js';
import { appOriginFor } from './request-context.js';

describe('appOriginFor (the origin of links in mails)', () => {
  it.each([
    ['local', 'localhost:3000', 'http://localhost:3000'],
    ['local', '127.0.0.1', 'http://127.0.0.1'],
    ['velvet', 'POST.VelvetBoard.example', 'https://post.velvetboard.example'],
    ['velvet', 'post.velvetboard.example.:8443', 'https://post.velvetboard.example:8443'],
    ['nightlist', 'post-v2.nightlist.example:8443', 'https://post-v2.nightlist.example:8443'],
  ])('%s site asked as %j → %s', (siteId, host, origin) => {
    expect(appOriginFor(siteById(siteId), host)).toBe(origin);
  });

  it('falls back to the site URL for a host the site does not own', () => {
    expect(appOriginFor(siteById('network'), 'attacker.example')).toBe(
      'https://adboard-network.example',
    );
    expect(appOriginFor(siteById('velvet'), 'las-vegas.velvetboard.example')).toBe(
      'https://velvetboard.example',
    );
  });

  it('drops a port that is not a number', () => {
    expect(appOriginFor(siteById('local'), 'localhost:3000@evil')).toBe('http://localhost');
  });
});
