import http from 'node:http';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { freePort } from '../src/db/embedded-postgres.js';
import { siteById } from '../src/modules/sites/site-by-id.js';
import { startServer, type RunningServer } from '../src/server.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

/** GET through the running server with a Host header of our choosing (the city subdomain). */
function get(port: number, host: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, headers: { host } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

const hrefs = (html: string) => [...html.matchAll(/href="(https?:\/\/[^"]+)"/g)].map((m) => m[1]);

async function startOn(database: TestDatabase, env: Record<string, string>, http = true) {
  return startServer(
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      DATA_DIR: os.tmpdir(),
      DATABASE_URL: database.url,
      ...env,
    }),
    http ? { web: true, jobs: true } : { web: false, jobs: true },
  );
}

/**
 * The local site's absolute links (the public pages' bar and footer, the backlink
 * target the form shows) name the port the server is listening on, not 3000.
 */
describe('the local site served on a port other than 3000', () => {
  let database: TestDatabase;
  let server: RunningServer;
  let port: number;
  beforeAll(async () => {
    database = await createTestDatabase();
    do port = await freePort();
    while (port === 3000);
    server = await startServer(
      loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: os.tmpdir(),
        DATABASE_URL: database.url,
        RUN_JOBS: 'false',
      }),
    );
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it("links the public pages' brand, 'Post an ad' and footer to the port it listens on", async () => {
    const page = await get(port, `las-vegas.localhost:${port}`, '/');
    expect(page.status).toBe(200);
    const links = hrefs(page.body).filter((href) => href?.includes('://localhost'));
    expect(links).toContain(`http://localhost:${port}/edit-post`);
    expect(links).toContain(`http://localhost:${port}`);
    expect(links.filter((href) => !href?.startsWith(`http://localhost:${port}`))).toEqual([]);
  });

  it('gives the form the backlink target on that port', async () => {
    const site = await get(port, `localhost:${port}`, '/api/site');
    expect(site.status).toBe(200);
    expect((JSON.parse(site.body) as { url: string }).url).toBe(`http://localhost:${port}`);
  });
});

/**
 * Behind a reverse proxy people reach the site at the proxy's port (PUBLIC_PORT),
 * and a worker, which listens on none, names that one in the links of its mails.
 */
describe('the local site reached at another port than the one bound (PUBLIC_PORT)', () => {
  let database: TestDatabase;
  let server: RunningServer | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it("links the public pages and the form's backlink target to PUBLIC_PORT", async () => {
    const port = await freePort();
    const publicPort = port === 8443 ? 8444 : 8443;
    server = await startOn(database, {
      PORT: String(port),
      PUBLIC_PORT: String(publicPort),
      RUN_JOBS: 'false',
    });
    const page = await get(port, `las-vegas.localhost:${publicPort}`, '/');
    expect(page.status).toBe(200);
    const links = hrefs(page.body).filter((href) => href?.includes('://localhost'));
    expect(links).toContain(`http://localhost:${publicPort}/edit-post`);
    expect(links.filter((href) => !href?.startsWith(`http://localhost:${publicPort}`))).toEqual([]);
    const site = await get(port, `localhost:${publicPort}`, '/api/site');
    expect((JSON.parse(site.body) as { url: string }).url).toBe(`http://localhost:${publicPort}`);
    await server.stop();
    server = undefined;
  });

  it('gives a worker (no HTTP) the site at PUBLIC_PORT, or at PORT when it is not set', async () => {
    server = await startOn(database, { PORT: '4321', PUBLIC_PORT: '8443' }, false);
    expect(siteById('local').url).toBe('http://localhost:8443');
    await server.stop();
    server = await startOn(database, { PORT: '4321' }, false);
    expect(siteById('local').url).toBe('http://localhost:4321');
    await server.stop();
    server = undefined;
  });
});
