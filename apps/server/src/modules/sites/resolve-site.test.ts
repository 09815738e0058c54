import { describe, expect, it } from 'vitest';
import { createSiteResolver, hostName, hostPort, publicPartOf } from './resolve-site.js';
import { siteRegistry } from './site-registry.js';

describe('hostName', () => {
  it.each([
    ['localhost:3000', 'localhost'],
    ['LOCALHOST', 'localhost'],
    ['POST.VelvetBoard.example', 'post.velvetboard.example'],
    ['post.velvetboard.example.', 'post.velvetboard.example'],
    ['post.velvetboard.example.:8443', 'post.velvetboard.example'],
    ['  post-v2.nightlist.example:8443 ', 'post-v2.nightlist.example'],
    ['[::1]:3000', '[::1]'],
    ['[::1]', '[::1]'],
    ['127.0.0.1:3000', '127.0.0.1'],
    ['', ''],
    [undefined, ''],
  ])('%j → %j', (header, expected) => {
    expect(hostName(header)).toBe(expected);
  });
});

describe('hostPort', () => {
  it.each([
    ['localhost:3000', '3000'],
    ['localhost', ''],
    ['[::1]:3000', '3000'],
    ['[::1]', ''],
    ['post.velvetboard.example.:8443', '8443'],
  ])('%j → %j', (header, expected) => {
    expect(hostPort(header)).toBe(expected);
  });
});

describe('createSiteResolver', () => {
  const resolve = createSiteResolver();

  it.each([
    ['localhost:3000', 'local', null],
    ['127.0.0.1', 'local', null],
    ['POST.VelvetBoard.example', 'velvet', null],
    ['post.nightlist.example', 'nightlist', null],
    ['post-v2.nightlist.example:8443', 'nightlist', null],
    ['las-vegas.velvetboard.example', 'velvet', 'las-vegas'],
    ['Toronto.Nightlist.example.', 'nightlist', 'toronto'],
    ['unknown.test', 'network', null],
    ['', 'network', null],
    ['evil.velvetboard.example.attacker.test', 'network', null],
    ['a.b.velvetboard.example', 'network', null],
    ['-bad.velvetboard.example', 'network', null],
  ])('%j → site %s, city %s', (host, id, city) => {
    const resolved = resolve(host);
    expect(resolved.site.id).toBe(id);
    expect(resolved.city).toBe(city);
  });

  it('refuses a registry without the default site', () => {
    expect(() => createSiteResolver(siteRegistry.filter((s) => s.id !== 'network'))).toThrow();
  });

  it('gives every site a distinct id and every host to one site only', () => {
    const ids = siteRegistry.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    const hosts = siteRegistry.flatMap((s) => s.hosts);
    expect(new Set(hosts).size).toBe(hosts.length);
    for (const host of hosts) expect(host).toBe(hostName(host));
  });
});

describe('publicPartOf', () => {
  it('leaves out the host list', () => {
    for (const site of siteRegistry) {
      const visible = publicPartOf(site);
      expect(visible).not.toHaveProperty('hosts');
      expect(visible.id).toBe(site.id);
    }
  });
});
