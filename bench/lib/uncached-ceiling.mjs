// The ceiling of the crawl (every details page once, nothing cached): a bare Fastify
// route that runs ONE prepared query for the ad (its photos aggregated in it) and
// renders the page with the server's own render functions, bundled from the source.
// No page cache, no host resolution, no headers beyond the type: what a details page
// costs at least, so the real server's crawl can be read against it.
//
// Parent side: `startUncachedCeiling({ databaseUrl, siteId, origin })` answers
// `{ base, stop }`. Child side: this file run with fork().
import { fork } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { timeLimit } from './run.mjs';

const self = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(self), '../..');
const pages = path.join(root, 'apps/server/src/modules/public-pages');

/** Bundles the server's render of the details page (and its view and sites) once. */
async function bundleRender() {
  const { build } = await import('esbuild');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'adboard-ceiling-'));
  const entry = path.join(dir, 'entry.ts');
  await fs.writeFile(
    entry,
    [
      `export { renderAdPage } from ${JSON.stringify(path.join(pages, 'render-ad-page.ts'))};`,
      `export { toPublicAdView } from ${JSON.stringify(path.join(pages, 'public-ad-view.ts'))};`,
      `export { siteById } from ${JSON.stringify(path.join(root, 'apps/server/src/modules/sites/site-by-id.ts'))};`,
      `export { announcePublicPort } from ${JSON.stringify(path.join(root, 'apps/server/src/modules/sites/served-site.ts'))};`,
    ].join('\n'),
  );
  const outfile = path.join(dir, 'render.mjs');
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile,
    logLevel: 'error',
    absWorkingDir: root,
  });
  return { outfile, dir };
}

export async function startUncachedCeiling({ databaseUrl, siteId, origin }) {
  const { outfile, dir } = await bundleRender();
  const child = fork(self, ['--child'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const listening = new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message));
    child.once('error', reject);
    exited.then((code) => reject(new Error(`the uncached ceiling exited (${code}) early`)));
  });
  child.send({ render: pathToFileURL(outfile).href, databaseUrl, siteId, origin });
  const { port } = await listening;
  return {
    base: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await Promise.race([exited, timeLimit(10_000).then(() => child.kill('SIGKILL'))]);
      }
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The ad and its public photos in one statement, the columns findAdPage reads
 * (public-ad-repository.ts: its tier is that file's `tierOrder`). When the page
 * comes to read more, add it here too: the bench, and its smoke run in `npm test`,
 * fail while this page is not the server's, byte for byte.
 */
const AD_PAGE_SQL = `
  SELECT a.id, a.site_id, a.status, a.country_code, a.city_slug, c.name AS city_name,
         c.region, a.title, a.description_html, a.description_text, a.name, a.age, a.phone,
         a.phone_e164, a.email, a.public_contacts, a.ethnicity, a.business, a.incalls,
         a.outcalls, a.rates, a.hours, a.posted_at, a.expires_at,
         CASE WHEN a.premium_until > now() THEN 0
              WHEN a.type IN ('paid', 'premium') THEN 1 ELSE 2 END AS tier,
         a.premium_until,
         CASE WHEN a.available_until > now() THEN a.available_until END AS available_until,
         (SELECT coalesce(json_agg(json_build_object('city', v.city_slug, 'cityName', vc.name,
                    'from', v.starts_on, 'to', v.ends_on) ORDER BY v.starts_on), '[]'::json)
            FROM ad_visits v JOIN cities vc ON vc.country_code = v.country_code AND vc.slug = v.city_slug
           WHERE v.ad_id = a.id AND v.ends_on >= (now() AT TIME ZONE 'UTC')::date) AS visits,
         ad_is_visible(a.status, a.deleted_at, a.expires_at) AS is_public,
         coalesce((SELECT json_agg(json_build_object('id', p.id, 'adId', p.ad_id,
                     'isVerification', p.is_verification, 'width', p.width,
                     'height', p.height)
                     ORDER BY p.is_primary DESC, p.position)
                   FROM photos p WHERE p.ad_id = a.id AND NOT p.pending_review), '[]') AS photos
  FROM ads a JOIN cities c ON c.country_code = a.country_code AND c.slug = a.city_slug
  WHERE a.id = $1`;

async function serve({ render, databaseUrl, siteId, origin }) {
  const { default: Fastify } = await import('fastify');
  const { default: pg } = await import('pg');
  const { renderAdPage, toPublicAdView, siteById, announcePublicPort } = await import(render);
  // The server's links name the port it listens on (the port of `origin`): the same here.
  announcePublicPort(Number(new URL(origin).port) || null);
  const site = siteById(siteId);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const app = Fastify({ logger: false });
  app.get('/ads/details/:id', async (request, reply) => {
    const { rows } = await pool.query({
      name: 'ceiling_ad_page',
      text: AD_PAGE_SQL,
      values: [request.params.id],
    });
    const r = rows[0];
    if (!r || !r.is_public) return reply.code(404).send('not found');
    const ad = {
      id: Number(r.id),
      siteId: r.site_id,
      status: r.status,
      countryCode: r.country_code,
      citySlug: r.city_slug,
      cityName: r.city_name,
      region: r.region,
      title: r.title,
      descriptionHtml: r.description_html,
      descriptionText: r.description_text,
      name: r.name,
      age: r.age,
      phone: r.phone,
      phoneE164: r.phone_e164,
      email: r.email,
      publicContacts: r.public_contacts,
      ethnicity: r.ethnicity,
      business: r.business,
      incalls: r.incalls,
      outcalls: r.outcalls,
      rates: r.rates,
      hours: r.hours,
      postedAt: r.posted_at,
      expiresAt: r.expires_at,
      tier: r.tier,
      premiumUntil: r.premium_until,
      availableUntil: r.available_until,
      visits: r.visits,
      isPublic: r.is_public,
      photos: r.photos,
    };
    const html = renderAdPage({
      site,
      // The language every host answers in until the address chooses one (issue 30).
      language: 'en',
      ad: toPublicAdView(ad),
      origin,
      preview: false,
      notice: { kind: 'none' },
    });
    return reply.type('text/html; charset=utf-8').send(html);
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  process.send({ port: app.server.address().port });
  process.once('SIGTERM', () =>
    app.close().finally(() => pool.end().finally(() => process.exit(0))),
  );
  process.once('disconnect', () => process.exit(0));
}

if (process.argv[2] === '--child' && process.send) {
  process.once('message', (options) => {
    serve(options).catch((error) => {
      console.error(`uncached ceiling: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    });
  });
}
