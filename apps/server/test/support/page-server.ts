import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { allowOnly } from '../../src/modules/ad-checks/address-policy.js';
import {
  createBacklinkChecker,
  type BacklinkChecker,
  type HostLookup,
} from '../../src/modules/ad-checks/backlink-checker.js';

/** The local site's url (the `local` site of the registry), which backlinks must point to. */
export const LOCAL_SITE_URL = 'http://localhost:3000';

/** A public-looking host name that `pageLookup` resolves to the page server on 127.0.0.1. */
export const PAGE_HOST = 'pages.example.com';

/** Resolves PAGE_HOST to 127.0.0.1 and nothing else, so ads can carry a URL the form accepts. */
export const pageLookup: HostLookup = async (hostname) =>
  hostname === PAGE_HOST ? [{ address: '127.0.0.1', family: 4 }] : [];

export interface PageServer {
  port: number;
  /** http://127.0.0.1:{port}{path} */
  local(path: string): string;
  /** http://pages.example.com:{port}{path}, for `pageLookup`. */
  named(path: string): string;
  /** The paths asked for so far, in order. */
  requests: string[];
  close(): Promise<void>;
}

const page = (body: string) => `<!doctype html><html><body>${body}</body></html>`;

/**
 * An advertiser's website, on 127.0.0.1: /linked links to the local site,
 * /unlinked does not, /to-refused redirects to 127.0.0.2, /huge is 2 MB,
 * /slow starts answering and never finishes. Any path under /linked/ also
 * links, so tests can use distinct backlinks.
 */
export async function startPageServer(): Promise<PageServer> {
  let port = 0;
  const sockets = new Set<Socket>();
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    requests.push(path);
    const html = (body: string) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(page(body));
    };
    if (path === '/linked' || path.startsWith('/linked/')) {
      return html(`<p>Find me on <a href="${LOCAL_SITE_URL}/">Adboard</a></p>`);
    }
    if (path === '/unlinked' || path.startsWith('/unlinked/')) {
      return html('<p>Find me on <a href="https://nightlist.example/">Night</a></p>');
    }
    if (path === '/to-refused') {
      response.writeHead(302, { location: `http://127.0.0.2:${port}/linked` });
      return response.end();
    }
    if (path === '/huge') {
      // 2 MB without a Content-Length, the link at the very end.
      response.writeHead(200, { 'content-type': 'text/html' });
      const chunk = `<p>${'x'.repeat(64 * 1024)}</p>`;
      for (let i = 0; i < 32; i += 1) response.write(chunk);
      return response.end(`<a href="${LOCAL_SITE_URL}/">Adboard</a>`);
    }
    if (path === '/slow') {
      // Headers and a start, then nothing.
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write(`<!doctype html><p><a href="${LOCAL_SITE_URL}/">Adboard</a>`);
      return;
    }
    response.writeHead(404, { 'content-type': 'text/html' });
    response.end(page('<p>not found</p>'));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  return {
    port,
    local: (path) => `http://127.0.0.1:${port}${path}`,
    named: (path) => `http://${PAGE_HOST}:${port}${path}`,
    requests,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A backlink checker that reaches only the local page server (127.0.0.1), under PAGE_HOST. */
export function localPageChecker(timeoutMs: number): BacklinkChecker {
  return createBacklinkChecker({ policy: allowOnly('127.0.0.1'), lookup: pageLookup, timeoutMs });
}
