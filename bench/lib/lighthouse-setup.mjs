// What the Lighthouse bench needs on a fresh server: the site `localhost` serves,
// a signed-in advertiser of that site, and one public ad with real photos, made
// through the API (created, photos uploaded, submitted, approved by a moderator).
import { adCity, call, createAd, createAdvertiser } from './advertiser.mjs';
import { generateSync } from 'otplib';
import { getRaw } from './fetch-raw.mjs';
import { makePhoto } from './phone-photos.mjs';
import { importSource } from './source.mjs';

/**
 * The rules the bench asks for rather than copies: the localStorage keys of the
 * SPA's session, and the site the host `localhost` maps to (its id and the domain
 * its city pages live under).
 */
export async function loadProjectRules() {
  const { storageKeys } = await importSource('packages/shared/src/limits.ts');
  const { siteRegistry } = await importSource('apps/server/src/modules/sites/site-registry.ts');
  const site = siteRegistry.find((s) => s.hosts.includes('localhost'));
  if (!site) throw new Error('no site of the registry serves the host localhost');
  return { storageKeys, site: { id: site.id, name: site.name, publicDomain: site.publicDomain } };
}

/** A verified advertiser of `siteId` and a session, straight into the database (advertiser.mjs). */
export function signInAdvertiser(db, siteId) {
  return createAdvertiser(db, { siteId, label: 'lighthouse' });
}

/**
 * The moderator the server created at start (BOOTSTRAP_ADMIN_*), signed in through the
 * API. Staff need a second factor before the console opens (issue 27): the moderator
 * turns an authenticator app on from its account page's calls, as a person would.
 */
export async function signInModerator(base, admin) {
  const response = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  const answer = await response.json();
  if (response.status !== 200 || !answer.success || !answer.data?.token) {
    throw new Error(`the moderator could not sign in: ${JSON.stringify(answer)}`);
  }
  const token = answer.data.token;
  const json = { 'content-type': 'application/json' };
  const { setupId, secret } = await call(
    base,
    token,
    'POST',
    '/api/account/second-factors/totp',
    '{}',
    json,
  );
  const newCode = generateSync({ secret, epoch: Math.floor(Date.now() / 1000) });
  await call(
    base,
    token,
    'POST',
    '/api/account/second-factors/totp/confirm',
    JSON.stringify({ setupId, name: 'Bench phone', newCode, password: admin.password }),
    json,
  );
  return token;
}

const AD_TITLE = 'New in town: upscale, discreet and relaxed company';

async function uploadPhoto(base, token, adId, index, slot) {
  const form = new FormData();
  const data = await makePhoto(index);
  form.append('0', new Blob([data], { type: 'image/jpeg' }), `photo-${index + 1}.jpg`);
  const query = slot === 'verification' ? '?slot=verification' : '';
  return call(base, token, 'POST', `/api/post/${adId}/photos${query}`, form);
}

/**
 * A free verified ad in Las Vegas with three phone-sized photos (4000×3000 JPEGs,
 * one upright): the verification photo (never public) and two public ones;
 * submitted and approved, so its public page is live. Answers its id and city.
 */
export async function createPublicAd(base, advertiserToken, moderatorToken) {
  const json = { 'content-type': 'application/json' };
  const adId = await createAd(base, advertiserToken, 1, { title: AD_TITLE });
  await uploadPhoto(base, advertiserToken, adId, 0, 'verification');
  await uploadPhoto(base, advertiserToken, adId, 1, 'public');
  const photos = await uploadPhoto(base, advertiserToken, adId, 2, 'public');
  if (!photos.some((p) => p.verification) || photos.filter((p) => !p.verification).length < 2) {
    throw new Error(`ad ${adId}: expected a verification photo and two public ones`);
  }
  await call(base, advertiserToken, 'POST', `/api/post/${adId}/submit`);
  await call(base, moderatorToken, 'POST', `/api/admin/posts/${adId}/approve`, '{}', json);
  return { adId: String(adId), city: adCity, title: AD_TITLE };
}

const imageSources = (html) =>
  [...html.matchAll(/<img\b[^>]*?\bsrc="([^"]+)"/g)].map((m) => m[1].replaceAll('&amp;', '&'));

/**
 * The public pages must answer 200 HTML before Lighthouse looks at them: the city
 * page lists the ad, the ad page shows its title and every image it names answers
 * 200 (no 404 in the console), and the ad's verification photo is not among them.
 */
export async function checkPublicPages(base, host, ad) {
  const adPath = `/ads/details/${ad.adId}`;
  const problems = [];
  const pages = [
    ['/', (html) => html.includes(adPath) || 'the city page does not link the ad'],
    [adPath, (html) => html.includes(ad.title.split(':')[0]) || 'the ad title is not on it'],
  ];
  let images = 0;
  for (const [pagePath, check] of pages) {
    const answer = await getRaw(base, pagePath, host);
    const html = answer.body.toString('utf8');
    if (answer.status !== 200) {
      problems.push(`GET ${pagePath} on ${host} answered ${answer.status}`);
      continue;
    }
    const verdict = check(html);
    if (verdict !== true) problems.push(`GET ${pagePath} on ${host}: ${verdict}`);
    for (const src of new Set(imageSources(html))) {
      const url = new URL(src, `http://${host}${pagePath}`);
      const image = await getRaw(base, url.pathname + url.search, host);
      images += 1;
      if (image.status !== 200) problems.push(`${src} (on ${pagePath}) answered ${image.status}`);
    }
    if (pagePath === adPath && imageSources(html).length < 2) {
      problems.push(`the ad page shows ${imageSources(html).length} photos, not 2`);
    }
  }
  if (problems.length > 0)
    throw new Error(`the public pages are not ready:\n${problems.join('\n')}`);
  return { images };
}
