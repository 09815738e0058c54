import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowOnly, publicAddressesOnly, type AddressPolicy } from './address-policy.js';
import { createBacklinkChecker, type HostLookup } from './backlink-checker.js';

const SITE = 'https://velvetboard.example';
const LINKED =
  '<!doctype html><p>Find me on <a href="https://www.velvetboard.example/">Velvet</a></p>';
const UNLINKED = '<!doctype html><p>Find me on <a href="https://nightlist.example/">Night</a></p>';

let server: http.Server;
let port = 0;
let lastHeaders: http.IncomingHttpHeaders = {};
let requestsSeen = 0;

function html(response: http.ServerResponse, body: string, type = 'text/html; charset=utf-8') {
  response.writeHead(200, { 'content-type': type });
  response.end(body);
}

function redirect(response: http.ServerResponse, location: string, status = 302) {
  response.writeHead(status, { location });
  response.end();
}

/** The local page server the tests point the checker at, on 127.0.0.1 only. */
function handle(request: http.IncomingMessage, response: http.ServerResponse) {
  lastHeaders = request.headers;
  requestsSeen += 1;
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  const loop = /^\/loop\/(\d+)$/.exec(url.pathname);
  if (loop) {
    const n = Number(loop[1]);
    if (n === 0) html(response, LINKED);
    else redirect(response, `/loop/${n - 1}`);
    return;
  }
  switch (url.pathname) {
    case '/linked':
      return html(response, LINKED);
    case '/unlinked':
      return html(response, UNLINKED);
    case '/xhtml':
      return html(response, LINKED, 'application/xhtml+xml');
    case '/to-refused':
      return redirect(response, `http://127.0.0.2:${port}/linked`);
    case '/to-loopback-default-port':
      return redirect(response, 'http://127.0.0.1/linked', 301);
    case '/to-ftp':
      return redirect(response, `ftp://127.0.0.1:${port}/linked`);
    case '/to-credentials':
      return redirect(response, `http://user:secret@127.0.0.1:${port}/linked`);
    case '/to-relative':
      return redirect(response, '/linked', 307);
    case '/no-location':
      response.writeHead(302);
      return response.end();
    case '/huge': {
      // 2 MB, chunked, no Content-Length: the limit must hold while reading.
      response.writeHead(200, { 'content-type': 'text/html' });
      const chunk = `<p>${'x'.repeat(64 * 1024)}</p>`;
      for (let i = 0; i < 32; i += 1) response.write(chunk);
      return response.end(LINKED);
    }
    case '/huge-declared':
      response.writeHead(200, { 'content-type': 'text/html', 'content-length': 2_097_152 });
      return response.end();
    case '/slow':
      // Headers and a start, then nothing: never finishes.
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write('<!doctype html><p>loading');
      return;
    case '/silent':
      // Never even answers.
      return;
    case '/error':
      response.writeHead(500, { 'content-type': 'text/html' });
      return response.end(LINKED);
    case '/missing':
      response.writeHead(404, { 'content-type': 'text/html' });
      return response.end(LINKED);
    case '/json':
      return html(
        response,
        JSON.stringify({ link: 'https://velvetboard.example/' }),
        'application/json',
      );
    case '/no-type':
      response.writeHead(200);
      return response.end(LINKED);
    case '/gzip':
      response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      return response.end(LINKED);
    case '/latin1':
      response.writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' });
      return response.end(Buffer.from(`<p>Caf\u00e9</p>${LINKED}`, 'latin1'));
    case '/own-site-links':
      return html(response, '<a href="/">home</a>');
    default:
      response.writeHead(404);
      return response.end();
  }
}

beforeAll(async () => {
  server = http.createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const local = (path: string) => `http://127.0.0.1:${port}${path}`;
/** The test policy: the local page server on 127.0.0.1 and nothing else. */
const onlyLocal = allowOnly('127.0.0.1');
const checker = (
  options: { policy?: AddressPolicy; timeoutMs?: number; lookup?: HostLookup } = {},
) => createBacklinkChecker({ policy: onlyLocal, timeoutMs: 2_000, ...options });
const fakeDns =
  (table: Record<string, string[]>): HostLookup =>
  async (hostname) =>
    (table[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('backlink checker against a local page server', () => {
  it('passes a page that links to the site', async () => {
    await expect(checker().check(local('/linked'), SITE)).resolves.toEqual({ ok: true });
  });

  it('passes an XHTML page and a page in another charset', async () => {
    await expect(checker().check(local('/xhtml'), SITE)).resolves.toEqual({ ok: true });
    await expect(checker().check(local('/latin1'), SITE)).resolves.toEqual({ ok: true });
  });

  it('fails a page without the link', async () => {
    await expect(checker().check(local('/unlinked'), SITE)).resolves.toEqual({
      ok: false,
      reason: 'link_not_found',
    });
  });

  it('names itself, asks for HTML uncompressed, sends no credentials', async () => {
    await checker().check(local('/linked'), SITE);
    expect(lastHeaders['user-agent']).toMatch(/BacklinkChecker.*velvetboard\.example/);
    expect(lastHeaders['accept-encoding']).toBe('identity');
    expect(lastHeaders['host']).toBe(`127.0.0.1:${port}`);
    expect(lastHeaders['cookie']).toBeUndefined();
    expect(lastHeaders['authorization']).toBeUndefined();
  });

  it('refuses a redirect to an address the policy refuses (127.0.0.2)', async () => {
    await expect(checker().check(local('/to-refused'), SITE)).resolves.toEqual({
      ok: false,
      reason: 'refused_address',
    });
  });

  it('refuses a redirect to 127.0.0.1 under the real policy', async () => {
    // The first hop has to be allowed for the redirect to be seen: a policy
    // that lets the first connection through and then is the real one.
    let first = true;
    const policy: AddressPolicy = (address, family) => {
      if (first && address === '127.0.0.1') {
        first = false;
        return true;
      }
      return publicAddressesOnly(address, family);
    };
    const result = await createBacklinkChecker({ policy }).check(
      local('/to-loopback-default-port'),
      SITE,
    );
    expect(result).toEqual({ ok: false, reason: 'refused_address' });
  });

  it('checks the address actually connected to, not only the one looked at first', async () => {
    let calls = 0;
    const policy: AddressPolicy = () => (calls += 1) === 1;
    const before = requestsSeen;
    await expect(createBacklinkChecker({ policy }).check(local('/linked'), SITE)).resolves.toEqual({
      ok: false,
      reason: 'refused_address',
    });
    expect(calls).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requestsSeen).toBe(before); // the request itself was never sent
  });

  it('refuses redirects to other schemes and to URLs with credentials', async () => {
    await expect(checker().check(local('/to-ftp'), SITE)).resolves.toEqual({
      ok: false,
      reason: 'invalid_url',
    });
    await expect(checker().check(local('/to-credentials'), SITE)).resolves.toEqual({
      ok: false,
      reason: 'invalid_url',
    });
  });

  it('follows a relative redirect', async () => {
    await expect(checker().check(local('/to-relative'), SITE)).resolves.toEqual({ ok: true });
  });

  it('follows up to 3 redirects and no more', async () => {
    await expect(checker().check(local('/loop/3'), SITE)).resolves.toEqual({ ok: true });
    await expect(checker().check(local('/loop/4'), SITE)).resolves.toEqual({
      ok: false,
      reason: 'too_many_redirects',
    });
    await expect(checker().check(local('/loop/5'), SITE)).resolves.toEqual({
      ok: false,
      reason: 'too_many_redirects',
    });
  });

  it('fails a redirect without a Location', async () => {
    await expect(checker().check(local('/no-location'), SITE)).resolves.toEqual({
      ok: false,
      reason: 'http_error',
    });
  });

  it('stops reading a 2 MB page at 1 MB', async () => {
    await expect(checker().check(local('/huge'), SITE)).resolves.toEqual({
      ok: false,
      reason: 'too_large',
    });
    await expect(checker().check(local('/huge-declared'), SITE)).resolves.toEqual({
      ok: false,
      reason: 'too_large',
    });
  });

  it('gives up on a page that never finishes, or never answers', async () => {
    const started = performance.now();
    await expect(checker({ timeoutMs: 300 }).check(local('/slow'), SITE)).resolves.toEqual({
      ok: false,
      reason: 'timeout',
    });
    await expect(checker({ timeoutMs: 300 }).check(local('/silent'), SITE)).resolves.toEqual({
      ok: false,
      reason: 'timeout',
    });
    expect(performance.now() - started).toBeLessThan(1_500);
  });

  it('times out a host name whose lookup never answers', async () => {
    const hang: HostLookup = () => new Promise(() => undefined);
    await expect(
      checker({ timeoutMs: 200, lookup: hang }).check('http://stuck.test/', SITE),
    ).resolves.toEqual({ ok: false, reason: 'timeout' });
  });

  it('fails error statuses', async () => {
    await expect(checker().check(local('/error'), SITE)).resolves.toEqual({
      ok: false,
      reason: 'http_error',
    });
    await expect(checker().check(local('/missing'), SITE)).resolves.toEqual({
      ok: false,
      reason: 'http_error',
    });
  });

  it('fails what is not an uncompressed HTML page', async () => {
    for (const path of ['/json', '/no-type', '/gzip']) {
      await expect(checker().check(local(path), SITE)).resolves.toEqual({
        ok: false,
        reason: 'not_html',
      });
    }
  });

  it('fails a closed port as a network error', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(checker().check(`http://127.0.0.1:${closedPort}/`, SITE)).resolves.toEqual({
      ok: false,
      reason: 'network',
    });
  });

  it('does not count a page on the site itself as a backlink', async () => {
    const lookup = fakeDns({ 'las-vegas.velvetboard.example': ['127.0.0.1'] });
    await expect(
      checker({ lookup }).check(
        `http://las-vegas.velvetboard.example:${port}/own-site-links`,
        SITE,
      ),
    ).resolves.toEqual({ ok: false, reason: 'link_not_found' });
  });
});

describe('backlink checker host names', () => {
  it('connects to the checked address under the name asked for', async () => {
    const lookup = fakeDns({ 'friend.test': ['127.0.0.1'] });
    await expect(
      checker({ lookup }).check(`http://friend.test:${port}/linked`, SITE),
    ).resolves.toEqual({ ok: true });
    expect(lastHeaders['host']).toBe(`friend.test:${port}`);
  });

  it('refuses a name when any of its addresses is refused', async () => {
    const lookup = fakeDns({ 'rebind.test': ['127.0.0.1', '127.0.0.2'] });
    await expect(
      checker({ lookup }).check(`http://rebind.test:${port}/linked`, SITE),
    ).resolves.toEqual({ ok: false, reason: 'refused_address' });
  });

  it('fails a name that does not resolve as a network error', async () => {
    const lookup = fakeDns({});
    await expect(checker({ lookup }).check(`http://nowhere.test:${port}/`, SITE)).resolves.toEqual({
      ok: false,
      reason: 'network',
    });
  });
});

describe('backlink checker with the real policy', () => {
  const real = createBacklinkChecker({ policy: publicAddressesOnly, timeoutMs: 2_000 });

  it('refuses the local page server', async () => {
    await expect(real.check(local('/linked'), SITE)).resolves.toEqual({
      ok: false,
      reason: 'refused_address',
    });
  });

  it('refuses a name resolving to the local page server', async () => {
    const viaName = createBacklinkChecker({
      policy: publicAddressesOnly,
      lookup: fakeDns({ 'friend.test': ['93.184.215.14', '127.0.0.1'] }),
    });
    await expect(viaName.check(`http://friend.test:${port}/linked`, SITE)).resolves.toEqual({
      ok: false,
      reason: 'refused_address',
    });
  });

  it.each([
    'http://127.0.0.1/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://0x7f.1/',
    'http://017700000001/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'http://127.0.0.1.:80/',
    'http://0/',
    'http://10.0.0.1/',
    'http://172.16.5.4/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.0.1/',
    'http://[::1]/',
    'http://[::]/',
    'http://[0:0:0:0:0:0:0:1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://[64:ff9b::a00:1]/',
    'http://[fe80::1]/',
    'http://[fc00::1]/',
    'https://[fd00:ec2::254]/',
    'http://localhost/',
  ])('refuses %s', async (url) => {
    await expect(real.check(url, SITE)).resolves.toEqual({ ok: false, reason: 'refused_address' });
  });

  it.each([
    'ftp://example.com/',
    'file:///etc/passwd',
    'gopher://127.0.0.1/',
    'javascript:alert(1)',
    'data:text/html,<a href="https://velvetboard.example">x</a>',
    'http://user:pass@example.com/',
    'http://:pass@example.com/',
    'not a url',
    '//velvetboard.example/',
    '',
  ])('refuses the invalid URL %j', async (url) => {
    await expect(real.check(url, SITE)).resolves.toEqual({ ok: false, reason: 'invalid_url' });
  });

  it('throws on a bad site url, which is configuration', async () => {
    await expect(real.check('https://example.com/', 'not a url')).rejects.toThrow(TypeError);
  });
});
