import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSIBLE_TYPES, negotiateEncoding } from '../src/http/compression.js';
import { registerVerified, relaxedLimiter } from './support/accounts.js';
import { createAd } from './support/ads.js';
import { makeAdPublic } from './support/moderation.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const script = `export const screens = [${Array.from({ length: 400 }, (_, i) => `"screen ${i}"`).join(',')}];\n`;
const indexHtml = `<!doctype html><html><head><title>app</title>${'<meta name="x" content="padding">'.repeat(60)}</head><body><div id="root"></div></body></html>`;

/** A built web app as the build leaves it: the page and one hashed script, with .br and .gz copies. */
async function builtWebDist(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'adboard-web-'));
  await mkdir(path.join(dir, 'assets'));
  await mkdir(path.join(dir, '.vite'));
  await writeFile(path.join(dir, 'index.html'), indexHtml);
  await writeFile(path.join(dir, 'index.html.br'), brotliCompressSync(indexHtml));
  await writeFile(path.join(dir, 'index.html.gz'), gzipSync(indexHtml));
  await writeFile(path.join(dir, '.vite/manifest.json'), '{}');
  const js = path.join(dir, 'assets/index-AbC123.js');
  await writeFile(js, script);
  await writeFile(`${js}.br`, brotliCompressSync(script));
  await writeFile(`${js}.gz`, gzipSync(script));
  return dir;
}

async function get(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  const res = await app.inject({
    method: 'GET',
    url,
    headers: { host: 'localhost:3000', ...headers },
  });
  return { status: res.statusCode, headers: res.headers, raw: res.rawPayload };
}

function decoded(res: Awaited<ReturnType<typeof get>>): string {
  switch (res.headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(res.raw).toString('utf8');
    case 'gzip':
      return gunzipSync(res.raw).toString('utf8');
    default:
      return res.raw.toString('utf8');
  }
}

const varies = (res: Awaited<ReturnType<typeof get>>) =>
  String(res.headers.vary ?? '')
    .toLowerCase()
    .split(',')
    .map((v) => v.trim());

describe('compressed answers', () => {
  let t: TestApp;
  let cityHost: string;
  beforeAll(async () => {
    t = await createTestApp({ webDist: await builtWebDist(), limiter: relaxedLimiter() });
    const owner = await registerVerified(t.app, 'zip@example.com', 'a long enough passphrase');
    const ad = await createAd(t.app, { session: owner.token, overrides: { city: 'orlando' } });
    await makeAdPublic(t, ad.postId);
    cityHost = 'orlando.localhost:3000';
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends a built asset as its brotli or gzip copy, as asked, and as it is otherwise', async () => {
    const url = '/assets/index-AbC123.js';
    const br = await get(t.app, url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.raw.equals(brotliCompressSync(script))).toBe(true);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(varies(br)).toContain('accept-encoding');

    const gz = await get(t.app, url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoded(gz)).toBe(script);

    const plain = await get(t.app, url);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.raw.toString('utf8')).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(varies(plain)).toContain('accept-encoding');
    expect(br.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
  });

  it('keeps a missing asset, the copies themselves and the build manifest at 404', async () => {
    for (const url of [
      '/assets/index-deadbeef.js',
      '/assets/index-AbC123.js.br',
      '/assets/index-AbC123.js.gz',
      '/.vite/manifest.json',
    ]) {
      const res = await get(t.app, url, { 'accept-encoding': 'br' });
      expect(res.status, url).toBe(404);
      expect(decoded(res)).not.toContain('<div id="root">');
    }
  });

  it('compresses the app page and JSON answers when asked, not otherwise', async () => {
    const page = await get(t.app, '/login', { 'accept-encoding': 'br' });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(decoded(page)).toContain('<div id="root"></div>');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(varies(page)).toContain('accept-encoding');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');

    const plainPage = await get(t.app, '/login');
    expect(plainPage.headers['content-encoding']).toBeUndefined();
    expect(plainPage.raw.toString('utf8')).toBe(decoded(page));
    expect(varies(plainPage)).toContain('accept-encoding');
    const gzPage = await get(t.app, '/posts', { 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(gzPage.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzPage)).toBe(decoded(page));
    // The page's validator still answers 304, whichever variant the browser holds.
    expect(page.headers.etag).toBe(`W/${String(plainPage.headers.etag)}`);
    const again = await get(t.app, '/login', {
      'accept-encoding': 'br',
      'if-none-match': String(page.headers.etag),
    });
    expect(again.status).toBe(304);

    const json = await get(t.app, '/api/cities', { 'accept-encoding': 'gzip' });
    expect(json.status).toBe(200);
    expect(json.headers['content-encoding']).toBe('gzip');
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    const plainJson = await get(t.app, '/api/cities');
    expect(plainJson.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(decoded(json))).toEqual(JSON.parse(plainJson.raw.toString('utf8')));
  });

  it('keeps the public pages revalidating with 304, compressed or not', async () => {
    const br = await get(t.app, '/', { host: cityHost, 'accept-encoding': 'br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(decoded(br)).toContain('</html>');
    expect(varies(br)).toContain('accept-encoding');
    const plain = await get(t.app, '/', { host: cityHost });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(varies(plain)).toContain('accept-encoding');
    const strong = String(plain.headers.etag);
    expect(strong).toMatch(/^"/);
    // The compressed bytes are another representation: their validator is weak.
    expect(br.headers.etag).toBe(`W/${strong}`);

    for (const [tag, encoding] of [
      [String(br.headers.etag), 'br'],
      [strong, 'gzip'],
      [strong, 'identity'],
    ] as const) {
      const again = await get(t.app, '/', {
        host: cityHost,
        'accept-encoding': encoding,
        'if-none-match': tag,
      });
      expect(again.status, `${tag} ${encoding}`).toBe(304);
      expect(again.raw.length).toBe(0);
      expect(varies(again)).toContain('accept-encoding');
    }
  });

  it('picks br or gzip as Accept-Encoding weighs them', () => {
    expect(negotiateEncoding(undefined)).toBeNull();
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(negotiateEncoding('*')).toBe('br');
  });

  it('never compresses images: only text, JSON, JavaScript, CSS and SVG', () => {
    for (const type of [
      'text/html; charset=utf-8',
      'application/json; charset=utf-8',
      'text/javascript; charset=utf-8',
      'application/javascript',
      'text/css',
      'image/svg+xml',
      'application/problem+json',
    ]) {
      expect(COMPRESSIBLE_TYPES.test(type), type).toBe(true);
    }
    for (const type of ['image/webp', 'image/jpeg', 'image/png', 'application/octet-stream']) {
      expect(COMPRESSIBLE_TYPES.test(type), type).toBe(false);
    }
  });
});
