import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteRegistry } from '../src/modules/sites/site-registry.js';
import { relaxedLimiter } from './support/accounts.js';
import { call, createTestApp, makeWebDist, type TestApp } from './support/test-app.js';

/** One host per brand, and hosts nobody configured (the network brand's). */
const HOSTS = [
  ['localhost:3000', 'local'],
  ['post.velvetboard.example', 'velvet'],
  ['post-v2.nightlist.example:8443', 'nightlist'],
  ['toronto.velvetboard.example', 'velvet'],
  ['unknown.test', 'network'],
  ['203.0.113.7:8080', 'network'],
] as const;

const themeOf = (id: string) => {
  const site = siteRegistry.find((s) => s.id === id);
  if (!site) throw new Error(id);
  return site.theme;
};

describe("each host gets its brand's tokens, logo and favicon", () => {
  let t: TestApp;
  beforeAll(async () => {
    const webDist = await makeWebDist();
    await writeFile(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><head><meta name="color-scheme" content="light" />' +
        '<meta name="theme-color" content="#18232f" />' +
        '<meta name="description" content="generic" />' +
        '<link rel="stylesheet" href="/brand.css" /><title>Classifieds</title></head>' +
        '<body><div id="root"></div></body></html>',
    );
    t = await createTestApp({ webDist, limiter: relaxedLimiter() });
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(HOSTS)('GET /brand.css for %j: the %s theme', async (host, id) => {
    const res = await call(t.app, 'GET', '/brand.css', { headers: { host } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.text).toMatch(/^:root:root\{/);
    expect(res.text).toContain(`--color-accent:${themeOf(id).colors.accent};`);
    expect(res.text).toContain(`--color-page:${themeOf(id).colors.page};`);
  });

  it('gives different brands different tokens', async () => {
    const sheets = await Promise.all(
      ['localhost', 'post.velvetboard.example', 'post.nightlist.example', 'other.test'].map(
        async (host) => (await call(t.app, 'GET', '/brand.css', { headers: { host } })).text,
      ),
    );
    expect(new Set(sheets).size).toBe(4);
    expect(sheets[1]).toMatch(/--font-heading:Georgia/);
    expect(sheets[2]).toContain('color-scheme:dark');
    expect(sheets[0]).toContain('::before{content:"Development site"');
    expect(sheets[3]).not.toContain('::before{content:');
  });

  it.each(HOSTS)('GET /favicon.svg and /brand/logo.svg for %j: the %s mark', async (host, id) => {
    for (const url of ['/favicon.svg', '/brand/logo.svg']) {
      const res = await call(t.app, 'GET', url, { headers: { host } });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      expect(res.text).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(res.text).toContain(`fill="${themeOf(id).colors.brandAccent}"`);
    }
  });

  it('answers a revalidation with 304 when the ETag still holds', async () => {
    for (const url of ['/brand.css', '/favicon.svg', '/brand/logo.svg']) {
      const headers = { host: 'post.nightlist.example' };
      const first = await call(t.app, 'GET', url, { headers });
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^(W\/)?"[\w-]+"$/);
      const again = await call(t.app, 'GET', url, {
        headers: { ...headers, 'if-none-match': etag },
      });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      // Another brand's file is another file.
      const other = await call(t.app, 'GET', url, {
        headers: { host: 'post.velvetboard.example', 'if-none-match': etag },
      });
      expect(other.status).toBe(200);
    }
  });

  it("serves the app's page with the site's title, description and colours", async () => {
    const velvet = await call(t.app, 'GET', '/login', {
      headers: { host: 'post.velvetboard.example' },
    });
    expect(velvet.status).toBe(200);
    expect(velvet.text).toContain('<title>Velvet Board</title>');
    expect(velvet.text).toContain(
      '<meta name="description" content="Companionship and entertainment listings, reviewed by people." />',
    );
    expect(velvet.text).toContain(
      `<meta name="theme-color" content="${themeOf('velvet').colors.bar}" />`,
    );
    // The tokens come inline, and the site's public configuration as a data block: the
    // first screen waits for neither /brand.css nor /api/site.
    expect(velvet.text).not.toContain('href="/brand.css"');
    expect(velvet.text).toContain(`--color-bar:${themeOf('velvet').colors.bar}`);
    expect(velvet.text).toMatch(
      /<script type="application\/json" id="site-data">\{"id":"velvet",[^<]*<\/script>/,
    );
    const night = await call(t.app, 'GET', '/posts', {
      headers: { host: 'post.nightlist.example' },
    });
    expect(night.text).toContain('<meta name="color-scheme" content="dark" />');
    expect(night.text).toContain('<title>Nightlist</title>');
    const again = await call(t.app, 'GET', '/posts', {
      headers: { host: 'post.nightlist.example', 'if-none-match': String(night.headers.etag) },
    });
    expect(again.status).toBe(304);
  });

  it("inlines the brand's tokens and favicon in the public pages", async () => {
    const res = await call(t.app, 'GET', '/', { headers: { host: 'toronto.nightlist.example' } });
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    expect(res.text).toContain(`--color-accent:${themeOf('nightlist').colors.accent};`);
    expect(res.text).toContain('color-scheme:dark');
  });
});
