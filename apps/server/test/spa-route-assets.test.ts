import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relaxedLimiter } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const indexHtml =
  '<!doctype html><html><head><title>app</title>' +
  '<script type="module" crossorigin src="/assets/index-E1.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/assets/index-E1.css">' +
  '</head><body><div id="root"></div></body></html>';

/** What apps/web/route-assets.ts writes: each address's screen files beyond the entry's. */
/** The frame's and the sign-in screen's texts in each language (issue 30). */
const loginTexts = {
  en: ['/assets/en-T1.js'],
  'fr-CA': ['/assets/fr-CA-T1.js'],
  es: ['/assets/es-T1.js'],
};
const routeAssets = [
  { pattern: '/', js: ['/assets/login-L1.js', '/assets/form-F1.js'], css: [], texts: loginTexts },
  {
    pattern: '/login',
    js: ['/assets/login-L1.js', '/assets/form-F1.js'],
    css: [],
    texts: loginTexts,
  },
  { pattern: '/posts', js: ['/assets/my-ads-M1.js'], css: ['/assets/my-ads-M1.css'] },
  { pattern: '/admin/posts/:id', js: ['/assets/admin-A1.js', '/assets/admin-ad-R1.js'], css: [] },
  { pattern: '*', js: ['/assets/not-found-N1.js'], css: [] },
];

async function builtWebDist(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'adboard-web-'));
  await mkdir(path.join(dir, 'assets'));
  await mkdir(path.join(dir, '.vite'));
  await writeFile(path.join(dir, 'index.html'), indexHtml);
  await writeFile(path.join(dir, '.vite/route-assets.json'), JSON.stringify(routeAssets));
  return dir;
}

describe("the app's page names its screen's files", () => {
  let t: TestApp;
  const page = async (url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({
      method: 'GET',
      url,
      headers: { host: 'localhost:3000', ...headers },
    });
    return {
      status: res.statusCode,
      html: res.body,
      etag: String(res.headers.etag),
      vary: String(res.headers.vary ?? ''),
    };
  };
  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

  beforeAll(async () => {
    t = await createTestApp({ webDist: await builtWebDist(), limiter: relaxedLimiter() });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("preloads /login's scripts with the page, in the head, after the entry", async () => {
    const res = await page('/login');
    expect(res.status).toBe(200);
    expect(preloads(res.html)).toEqual([
      '/assets/login-L1.js',
      '/assets/form-F1.js',
      '/assets/en-T1.js',
    ]);
    const head = res.html.slice(0, res.html.indexOf('</head>'));
    expect(head.indexOf('/assets/login-L1.js')).toBeGreaterThan(head.indexOf('index-E1.css'));
    // The home page shows the login screen: the same files.
    expect(preloads((await page('/')).html)).toEqual(preloads(res.html));
  });

  it("starts My Posts' stylesheet after the entry's and preloads only its own scripts", async () => {
    const res = await page('/posts');
    expect(preloads(res.html)).toEqual(['/assets/my-ads-M1.js']);
    const css = res.html.indexOf(
      '<link rel="stylesheet" crossorigin href="/assets/my-ads-M1.css">',
    );
    expect(css).toBeGreaterThan(res.html.indexOf('index-E1.css'));
    expect(res.html).not.toContain('login-L1');
    // Each address is its own page: a cache must not give one for the other.
    expect(res.etag).not.toBe((await page('/login')).etag);
  });

  it('takes parameters, and unknown addresses get the not-found screen', async () => {
    expect(preloads((await page('/admin/posts/100001')).html)).toEqual([
      '/assets/admin-A1.js',
      '/assets/admin-ad-R1.js',
    ]);
    expect(preloads((await page('/no/such/page')).html)).toEqual(['/assets/not-found-N1.js']);
  });

  it('names the texts of the language the app will open in: the chosen one, else the browser’s', async () => {
    const french = await page('/login', { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' });
    expect(preloads(french.html)).toContain('/assets/fr-CA-T1.js');
    expect(preloads(french.html)).not.toContain('/assets/en-T1.js');
    expect(french.vary.toLowerCase()).toContain('accept-language');
    expect(french.vary.toLowerCase()).toContain('cookie');
    // The menu's choice wins over the browser's, and each language is its own page.
    const spanish = await page('/login', {
      'accept-language': 'fr-CA',
      cookie: 'lang=es',
    });
    expect(preloads(spanish.html)).toContain('/assets/es-T1.js');
    expect(spanish.etag).not.toBe(french.etag);
  });
});
