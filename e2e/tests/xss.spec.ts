import {
  expect as baseExpect,
  test,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { markerHost, markerPath, xssPayloads, type XssPayload } from '../fixtures/xss-payloads.js';
import { moderatorAccount } from '../moderator-account.js';
import { pngImage } from './images.js';
import { LoopbackClient, type LoopbackResponse } from './loopback-client.js';
import { moderatorDeviceCookie } from './support.js';

/*
 * Issue 15, the XSS part of the attack suite: every payload of the corpus goes into
 * every text a user or moderator can store (where the schema takes it; where it does
 * not, the refusal is asserted), and the pages that show those texts are rendered in
 * Chromium: the city page, each ad's details and preview page, My Posts, the ad form,
 * and the console's queue, review, reports, users and audit screens.
 *
 * Every page is rendered twice at once: once as served (under the Content-Security-
 * Policy), and once with the CSP bypassed, so that an escaping bug shows as an
 * execution even where the CSP would have blocked it. Evidence:
 * - executions: a call of the `__xss` binding, a dialog, or a request to a marker URL;
 * - injections: markup that must never be in the DOM (on* attributes, script URLs,
 *   srcdoc, formaction, inline scripts, frames, meta refresh...), found by a DOM scan;
 * - CSP violations, reported by a `securitypolicyviolation` listener.
 * The test fails on any execution, injection or CSP violation a stored text caused, and
 * prints a summary.
 *
 * Data is made through the API. The server counts rate limits per client address, and
 * 127.0.0.1 is shared with the browser and the other specs, so the calls come from
 * other loopback addresses (loopback-client.ts); preview pages, whose token guesses are
 * limited per client, are fetched the same way and handed to the browser as they came.
 */

/** Pages are rendered two at a time on a busy CI machine: waits are generous. */
const expect = baseExpect.configure({ timeout: 20_000 });

const CITY = 'las-vegas';
const LIVE_ADS = 5;
/** With the live ones, as many ads as one account may create in an hour (20). */
const SWEEP_ADS = 15;
const TITLE_MAX = 80;
const NAME_MAX = 45;
const BACKLINK_MAX = 500;
const LONG_TEXT_MAX = 2000;
const PHONE = '702-208-4567';

interface Session {
  token: string;
  email: string;
  userId: string;
}

interface Mode {
  name: string;
  bypassCSP: boolean;
}

const modes: readonly Mode[] = [
  { name: 'csp', bypassCSP: false },
  { name: 'csp-bypassed', bypassCSP: true },
];

interface Evidence {
  mode: string;
  page: string;
  detail: string;
}

const executions: Evidence[] = [];
const injections: Evidence[] = [];
const cspViolations: Evidence[] = [];
const pagesRendered = new Map<string, number>();
/** field -> ids of the payloads it stored (and that were rendered). */
const storedIn = new Map<string, Set<number>>();
/** field -> ids of the payloads its schema refused with a 4xx. */
const refusedIn = new Map<string, Set<number>>();

function note(map: Map<string, Set<number>>, field: string, ids: Iterable<number>): void {
  const set = map.get(field) ?? new Set<number>();
  for (const id of ids) set.add(id);
  map.set(field, set);
}

const normalize = (text: string): string => text.replace(/\s+/g, ' ').trim();

// ---- The corpus, cut to each field's size ------------------------------------------

/** First-fit decreasing: groups of payloads whose texts, joined by a space, fit `max`. */
function packGroups(payloads: readonly XssPayload[], max: number, separator = 1): XssPayload[][] {
  const groups: { size: number; items: XssPayload[] }[] = [];
  const bySize = [...payloads].sort((a, b) => b.text.length - a.text.length);
  for (const payload of bySize) {
    if (payload.text.length > max) continue;
    const group = groups.find((g) => g.size + separator + payload.text.length <= max);
    if (group) {
      group.size += separator + payload.text.length;
      group.items.push(payload);
    } else {
      groups.push({ size: payload.text.length, items: [payload] });
    }
  }
  return groups.map((g) => g.items);
}

const joined = (group: readonly XssPayload[], separator = ' '): string =>
  group.map((p) => p.text).join(separator);
const idsOf = (group: readonly XssPayload[]): number[] => group.map((p) => p.id);

/** The whole corpus in texts of at most `max` characters, one payload a line. */
function longTexts(max: number): { text: string; ids: number[] }[] {
  return packGroups(xssPayloads, max - xssPayloads.length).map((group) => ({
    text: joined(group, '\n'),
    ids: idsOf(group),
  }));
}

const titleGroups = packGroups(xssPayloads, TITLE_MAX);
const nameGroups = packGroups(xssPayloads, NAME_MAX);
const longChunks = longTexts(LONG_TEXT_MAX);

/** A backlink that carries payloads in its query: the url rule takes it, the page stores it raw. */
function backlinkGroups(): { url: (host: string) => string; ids: number[] }[] {
  // The host is at most `sweep-13-r10-{stamp}` (see `stamp`).
  const room = BACKLINK_MAX - 'https://.example/?p='.length - 40;
  return packGroups(xssPayloads, room, '&q='.length).map((group) => ({
    url: (host: string) => `https://${host}.example/?p=${joined(group, '&q=')}`,
    ids: idsOf(group),
  }));
}
const backlinks = backlinkGroups();

/** A description that keeps some text once sanitised, then the payload as raw HTML. */
function descriptionOf(payloads: readonly XssPayload[]): string {
  return payloads.map((p) => `<p>Payload ${p.id}:</p>${p.text}`).join('\n');
}

// ---- The browser side -------------------------------------------------------------

/** Runs in the page: markup that no stored text may ever turn into. */
function scanForInjectedMarkup(): string[] {
  const findings: string[] = [];
  const marker = /__xss|xss-hit|xss\.example/i;
  const urlAttributes = new Set([
    'href',
    'src',
    'action',
    'data',
    'background',
    'poster',
    'xlink:href',
    'dynsrc',
    'lowsrc',
    'codebase',
    'cite',
  ]);
  const never = new Set([
    'iframe',
    'frame',
    'frameset',
    'object',
    'embed',
    'applet',
    'base',
    'isindex',
    'animate',
    'set',
    'animatetransform',
    'animatemotion',
    'foreignobject',
    'xmp',
    'marquee',
    'bgsound',
  ]);
  const describe = (el: Element): string => el.outerHTML.slice(0, 160);
  for (const el of Array.from(document.querySelectorAll('*'))) {
    const tag = el.tagName.toLowerCase();
    if (never.has(tag)) findings.push(`element ${tag}: ${describe(el)}`);
    // The server's own data block (the site's configuration, brand-page.ts): JSON, never
    // run, in the head, and holding nothing anybody stored.
    const siteData =
      tag === 'script' &&
      el.id === 'site-data' &&
      el.getAttribute('type') === 'application/json' &&
      el.parentElement === document.head &&
      !marker.test(el.textContent ?? '');
    if (tag === 'script' && !siteData) {
      const src = el.getAttribute('src') ?? '';
      if ((el.textContent ?? '').trim() !== '' || !src.startsWith('/assets/')) {
        findings.push(`script: ${describe(el)}`);
      }
    }
    if (tag === 'meta' && el.hasAttribute('http-equiv')) findings.push(`meta: ${describe(el)}`);
    if ((tag === 'style' || tag === 'link') && marker.test(el.outerHTML)) {
      findings.push(`${tag}: ${describe(el)}`);
    }
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      // Browsers drop these characters when they read a URL.
      const value = Array.from(attr.value)
        .filter((ch) => ch.charCodeAt(0) > 0x20)
        .join('')
        .toLowerCase();
      if (name.startsWith('on')) findings.push(`handler ${name}: ${describe(el)}`);
      else if (name === 'srcdoc' || name === 'formaction') {
        findings.push(`${name}: ${describe(el)}`);
      } else if (
        urlAttributes.has(name) &&
        (/^(javascript|vbscript|livescript):/.test(value) ||
          (value.startsWith('data:') && !/^data:image\/(png|jpeg|gif|webp|avif);/.test(value)))
      ) {
        findings.push(`url ${name}: ${describe(el)}`);
      } else if ((name === 'style' || urlAttributes.has(name)) && marker.test(attr.value)) {
        findings.push(`marker in ${name}: ${describe(el)}`);
      }
    }
  }
  return findings;
}

interface Actor {
  /** Lanes of pages that render at the same time; in each lane, one page per mode. */
  lanes: Page[][];
}

async function instrument(
  context: BrowserContext,
  mode: Mode,
  preview: () => LoopbackClient,
  session?: { origin: string; user: Session },
): Promise<void> {
  const where = (url: string): string => url.replace(/token=[^&]+/, 'token=…');
  await context.exposeBinding('__xss', (source, id: unknown) => {
    executions.push({
      mode: mode.name,
      page: where(source.frame.url()),
      detail: `__xss(${String(id)})`,
    });
  });
  await context.exposeBinding('__xssCsp', (source, detail: unknown) => {
    cspViolations.push({
      mode: mode.name,
      page: where(source.frame.url()),
      detail: String(detail),
    });
  });
  await context.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const report = (window as unknown as { __xssCsp?: (detail: string) => unknown }).__xssCsp;
        void report?.(
          `${event.violatedDirective} blocked=${event.blockedURI} sample=${event.sample}`,
        );
      },
      true,
    );
  });
  if (session) {
    await context.addInitScript(
      ({ origin, token, email, userId }) => {
        if (window.location.origin === origin && window.localStorage.getItem('session') !== token) {
          window.localStorage.setItem('session', token);
          window.localStorage.setItem('email', email);
          window.localStorage.setItem('userId', userId);
        }
      },
      { origin: session.origin, ...session.user },
    );
  }
  await context.route(
    (url) => url.pathname.includes(markerPath) || url.hostname === markerHost,
    async (route) => {
      let page = '';
      try {
        page = route.request().frame().url();
      } catch {
        page = 'no frame';
      }
      executions.push({
        mode: mode.name,
        page: where(page),
        detail: `request ${route.request().url()}`,
      });
      await route.fulfill({ status: 204, body: '' });
    },
  );
  // Preview pages, fetched from another client address (their tokens are limited per client).
  await context.route(/\/ads\/details\/\d+\?preview=true&token=/, async (route) => {
    const url = new URL(route.request().url());
    const res = await preview().get(`${url.pathname}${url.search}`, { host: url.host });
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(res.headers)) {
      if (!['content-length', 'transfer-encoding', 'connection', 'keep-alive'].includes(key)) {
        headers[key] = value;
      }
    }
    await route.fulfill({ status: res.status, headers, body: res.body });
  });
  context.on('page', (page) => {
    page.on('dialog', (dialog) => {
      executions.push({
        mode: mode.name,
        page: where(page.url()),
        detail: `dialog ${dialog.type()}: ${dialog.message()}`,
      });
      void dialog.dismiss().catch(() => undefined);
    });
  });
}

async function newActor(
  browser: Browser,
  baseURL: string,
  preview: () => LoopbackClient,
  user?: Session,
  laneCount = 1,
): Promise<Actor> {
  const contexts: BrowserContext[] = [];
  for (const mode of modes) {
    const context = await browser.newContext({ baseURL, bypassCSP: mode.bypassCSP });
    await instrument(
      context,
      mode,
      preview,
      user ? { origin: new URL(baseURL).origin, user } : undefined,
    );
    contexts.push(context);
  }
  const lanes: Page[][] = [];
  for (let lane = 0; lane < laneCount; lane += 1) {
    lanes.push(await Promise.all(contexts.map((context) => context.newPage())));
  }
  return { lanes };
}

/**
 * Fails (after polling) unless every text is in the locator's text content. My Posts
 * lists twenty ads with their photos, rendered in both modes at once beside the other
 * lanes' pages: on a busy two-core machine that has taken over 15 s, and once over 30 s
 * (the moderator's queue, with a second checkout's tests running beside). The poll ends
 * as soon as the texts are there.
 */
async function expectTexts(locator: Locator, texts: readonly string[]): Promise<void> {
  await expect
    .poll(
      async () => {
        const content = normalize((await locator.textContent().catch(() => '')) ?? '');
        return texts.filter((text) => !content.includes(normalize(text)));
      },
      { timeout: 60_000, intervals: [25, 50, 100] },
    )
    .toEqual([]);
}

interface Render {
  label: string;
  url: string;
  /** Waits for the content and asserts that the payloads are shown as text. */
  check: (page: Page) => Promise<void>;
  /**
   * A path of the single-page app: when the page already shows the app, it navigates
   * inside it (as a click on a link does) instead of loading it again.
   */
  inApp?: boolean;
}

async function renderOn(pages: readonly Page[], job: Render): Promise<void> {
  await Promise.all(
    pages.map(async (page, index) => {
      const mode = modes[index]?.name ?? String(index);
      const current = page.url();
      if (job.inApp && current.startsWith('http') && new URL(current).hostname === 'localhost') {
        await page.evaluate((path) => {
          window.history.pushState({}, '', path);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, job.url);
      } else {
        await page.goto(job.url);
      }
      await job.check(page);
      for (const frame of page.frames()) {
        const found = await frame.evaluate(scanForInjectedMarkup).catch(() => []);
        for (const detail of found) injections.push({ mode, page: job.label, detail });
      }
    }),
  );
  const kind = job.label.replace(/ .*/, '');
  pagesRendered.set(kind, (pagesRendered.get(kind) ?? 0) + 1);
}

/** Renders the jobs in every mode, spread over the actor's lanes. */
async function render(actor: Actor, ...jobs: Render[]): Promise<void> {
  let next = 0;
  await Promise.all(
    actor.lanes.map(async (pages) => {
      for (let job = jobs[next++]; job; job = jobs[next++]) await renderOn(pages, job);
    }),
  );
}

// ---- The API side -----------------------------------------------------------------

async function ok<T>(res: Promise<LoopbackResponse>, what: string): Promise<T> {
  const answer = await res;
  expect(answer.status, `${what}: ${answer.text().slice(0, 300)}`).toBe(200);
  return answer.json<T>();
}

async function registerUser(
  api: LoopbackClient,
  outbox: LoopbackClient,
  email: string,
): Promise<Session> {
  await ok(
    api.post('/api/user/register', { json: { email, password: 'xss suite long passphrase' } }),
    'register',
  );
  let code = '';
  await expect
    .poll(async () => {
      const res = await outbox.get(`/dev/outbox?to=${encodeURIComponent(email)}`);
      const mails = res.json<{ subject: string }[]>();
      code = mails.map((m) => /\b(\d{6})\b/.exec(m.subject)?.[1]).find(Boolean) ?? '';
      return code;
    })
    .not.toBe('');
  const verified = await ok<{ user: { token: string; email: string; user_id: string } }>(
    api.post('/api/user/verifyemail', { json: { email, code } }),
    'verify email',
  );
  return { token: verified.user.token, email: verified.user.email, userId: verified.user.user_id };
}

interface AdText {
  title: string;
  name: string;
  description: string;
  backlink: string | null;
}

const adBody = (text: AdText) => ({
  name: text.name,
  title: text.title,
  description: text.description,
  age: '27',
  phone: PHONE,
  ethnicity: '',
  business: '',
  incalls: '',
  outcalls: '',
  country: 'US',
  city: CITY,
  backlink: text.backlink ?? '',
  contacts: ['call', 'text', 'email'],
});

/** The fields the schema must refuse for this payload, and the body that carries it there. */
function refusalBody(postId: string, payload: XssPayload) {
  const t = payload.text;
  const body: Record<string, unknown> = {
    ...adBody({
      title: t.length > TITLE_MAX ? t : 'Refusal probe',
      name: t.length > NAME_MAX ? t : 'Probe',
      description: '<p>Refusal probe.</p>',
      backlink: t,
    }),
    post_id: postId,
    email: t,
    age: t,
    ethnicity: t,
    business: t,
    incalls: t,
    outcalls: t,
    country: t,
    city: t,
    contacts: [t],
    type: t,
  };
  const fields = [
    'email',
    'age',
    'ethnicity',
    'business',
    'incalls',
    'outcalls',
    'country',
    'city',
    'contacts',
    'type',
    'backlink',
    ...(t.length > TITLE_MAX ? ['title'] : []),
    ...(t.length > NAME_MAX ? ['name'] : []),
  ];
  return { body, fields };
}

// ---- The test -------------------------------------------------------------------

test('no stored text runs as script on the public pages, My Posts or the console', async ({
  browser,
  baseURL,
}) => {
  // Nearly a thousand stored texts, each rendered on four surfaces: several minutes on a
  // busy two-core CI machine.
  test.setTimeout(420_000);
  const started = Date.now();
  const appURL = baseURL ?? '';
  const port = Number(new URL(appURL).port);
  const cityOrigin = `http://${CITY}.localhost:${port}`;
  const net = new LoopbackClient(port, '127.0.15.1');
  const ownerApi = net.from('127.0.15.2');
  const moderatorApi = net.from('127.0.15.3');
  const refusalApis = [net.from('127.0.15.4'), net.from('127.0.15.5')];
  let previews = 0;
  const previewClient = () => net.from(`127.0.16.${1 + Math.floor(previews++ / 100)}`);
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

  // Accounts: the owner of every ad, and a second advertiser the moderator bans.
  const owner = await registerUser(ownerApi, net, `xss-owner-${stamp}@example.com`);
  const banned = await registerUser(net.from('127.0.15.6'), net, `xss-banned-${stamp}@example.com`);
  const moderatorLogin = await ok<{ data: { token: string; email: string; user_id: string } }>(
    moderatorApi.post('/api/user/login', {
      json: { email: moderatorAccount.email, password: moderatorAccount.password },
      // The remembered device of the moderator's second factor (issue 27).
      headers: { cookie: `device=${moderatorDeviceCookie(`http://localhost:${port}`).value}` },
    }),
    'moderator login',
  );
  const moderator: Session = {
    token: moderatorLogin.data.token,
    email: moderatorLogin.data.email,
    userId: moderatorLogin.data.user_id,
  };
  const asOwner = { session: owner.token };
  const asModerator = { session: moderator.token };

  // The account email: the schema (an email address) refuses every payload.
  const registerProbe = net.from('127.0.15.7');
  for (const payload of xssPayloads.filter((p) => p.id % 30 === 1)) {
    const res = await registerProbe.post('/api/user/register', {
      json: { email: payload.text, password: 'xss suite long passphrase' },
    });
    expect(res.status, `register with ${payload.text}`).toBe(400);
    note(refusedIn, 'account email (register)', [payload.id]);
  }

  // ---- Ads: live ones (approved, reported) and sweep ones (pending, rewritten each round).
  const liveTexts: AdText[] = [];
  const liveDescriptionIds = xssPayloads.filter((p) => p.vector === 'encoded' || p.id % 10 === 0);
  for (let i = 0; i < LIVE_ADS; i += 1) {
    const title = titleGroups[i] ?? [];
    const name = nameGroups[i] ?? [];
    const backlink = backlinks[i];
    liveTexts.push({
      title: joined(title),
      name: joined(name),
      description: descriptionOf(liveDescriptionIds.filter((_, k) => k % LIVE_ADS === i)),
      backlink: backlink ? backlink.url(`live-${i}-${stamp}`) : null,
    });
  }
  /** Two payloads a description: few enough that one left open rarely hides the other. */
  const sweepDescription = (round: number, j: number): XssPayload[] => {
    const first = (round * SWEEP_ADS + j) * 2;
    return [first, first + 1].flatMap((k) => {
      const payload = xssPayloads[k % xssPayloads.length];
      return payload ? [payload] : [];
    });
  };
  const sweepText = (round: number, j: number): AdText => {
    const slot = LIVE_ADS + round * SWEEP_ADS + j;
    const title = titleGroups[Math.min(slot, titleGroups.length - 1)] ?? [];
    const name = nameGroups[Math.min(slot, nameGroups.length - 1)] ?? [];
    const backlink = backlinks[LIVE_ADS + j];
    return {
      title: joined(title),
      name: joined(name),
      description: descriptionOf(sweepDescription(round, j)),
      backlink: backlink ? backlink.url(`sweep-${j}-r${round}-${stamp}`) : null,
    };
  };
  const rounds = Math.max(
    Math.ceil((titleGroups.length - LIVE_ADS) / SWEEP_ADS),
    Math.ceil((nameGroups.length - LIVE_ADS) / SWEEP_ADS),
    Math.ceil(xssPayloads.length / (2 * SWEEP_ADS)),
  );

  const createAd = async (text: AdText, seed: number): Promise<string> => {
    const created = await ok<{ post_id: string }>(
      ownerApi.post('/api/posts', {
        headers: asOwner,
        json: { ...adBody(text), type: 'free_verified' },
      }),
      `create ad ${text.title}`,
    );
    await ok(
      // A verified ad's verification photo has its own slot (verification-photo.spec.ts).
      ownerApi.post(`/api/post/${created.post_id}/photos?slot=verification`, {
        headers: asOwner,
        file: { field: 'photos', name: 'sign.png', mimeType: 'image/png', data: pngImage(seed) },
      }),
      'upload the verification photo',
    );
    await ok(ownerApi.post(`/api/post/${created.post_id}/submit`, { headers: asOwner }), 'submit');
    return created.post_id;
  };

  const liveIds: string[] = [];
  for (const [i, text] of liveTexts.entries()) liveIds.push(await createAd(text, 500 + i));
  const sweepIds: string[] = [];
  for (let j = 0; j < SWEEP_ADS; j += 1) sweepIds.push(await createAd(sweepText(0, j), 600 + j));

  // ---- Every payload in every field whose schema refuses it: 400, and the field named.
  await test.step('the schema refuses payloads in option, email, age, place, type, link and phone fields', async () => {
    const allIds = [...liveIds, ...sweepIds];
    for (const payload of xssPayloads) {
      const postId = allIds[payload.id % allIds.length] ?? '';
      const api = refusalApis[payload.id % refusalApis.length] ?? net;
      const { body, fields } = refusalBody(postId, payload);
      const res = await api.patch('/api/post', { headers: asOwner, json: body });
      expect(res.status, `refusal probe ${payload.id}`).toBe(400);
      const named = Object.keys(res.json<{ fields?: Record<string, string> }>().fields ?? {});
      expect(named, `refused fields of payload ${payload.id}`).toEqual(
        expect.arrayContaining(fields),
      );
      for (const field of fields) note(refusedIn, field, [payload.id]);
      // The phone: only digits and separators are dialable, checked once the rest is valid.
      const phoneRes = await api.patch('/api/post', {
        headers: asOwner,
        json: {
          ...adBody({
            title: 'Phone probe',
            name: 'Probe',
            description: '<p>Probe.</p>',
            backlink: null,
          }),
          post_id: postId,
          phone: payload.text.length <= 32 ? payload.text : payload.text.slice(0, 32),
        },
      });
      expect(phoneRes.status, `phone probe ${payload.id}`).toBe(400);
      expect(
        Object.keys(phoneRes.json<{ fields?: Record<string, string> }>().fields ?? {}),
      ).toContain('phone');
      note(refusedIn, 'phone', [payload.id]);
    }
    // The probes failed, so the ads still hold their own texts (checked on every page below).
  });

  for (const [i, id] of liveIds.entries()) {
    await ok(
      moderatorApi.post(`/api/admin/posts/${id}/approve`, { headers: asModerator, json: {} }),
      `approve ${id}`,
    );
    const text = liveTexts[i];
    if (!text) continue;
    note(storedIn, 'ad title', idsOf(titleGroups[i] ?? []));
    note(storedIn, 'ad name', idsOf(nameGroups[i] ?? []));
    note(storedIn, 'ad backlink', backlinks[i]?.ids ?? []);
  }

  // Reports from the public report form's endpoint, each from its own address (5 per hour).
  const reportTexts = liveIds.map((_, i) => longChunks[i % longChunks.length]);
  for (const [i, id] of liveIds.entries()) {
    const chunk = reportTexts[i];
    if (!chunk) continue;
    await ok(
      net.from(`127.0.17.${i + 1}`).post(`/ads/details/${id}/report`, {
        host: `${CITY}.localhost:${port}`,
        json: { reason: 'other', details: chunk.text },
      }),
      `report ${id}`,
    );
    note(storedIn, 'report details', chunk.ids);
  }
  // Dismiss some with a note (the rest stay open and keep their ads in the queue).
  const openReports = await ok<{ items: { id: string; postId: string; details: string }[] }>(
    moderatorApi.get('/api/admin/reports?state=open', { headers: asModerator }),
    'open reports',
  );
  for (const [i, chunk] of longChunks.entries()) {
    const report = openReports.items.find((r) => r.postId === liveIds[i]);
    if (!report) continue;
    await ok(
      moderatorApi.post(`/api/admin/reports/${report.id}/dismiss`, {
        headers: asModerator,
        json: { note: chunk.text },
      }),
      'dismiss report',
    );
    note(storedIn, 'report dismissal note', chunk.ids);
  }

  const ownerActor = await newActor(browser, appURL, previewClient, owner, 3);
  const moderatorActor = await newActor(browser, appURL, previewClient, moderator, 2);

  // ---- The detectors themselves: a page that does run a payload is caught.
  await test.step('the detectors catch a payload that runs', async () => {
    for (const [index, page] of (ownerActor.lanes[0] ?? []).entries()) {
      await page.setContent(`<img src=x onerror="__xss(0)"><img src="http://${markerHost}/0">`);
      const mode = modes[index]?.name;
      await expect
        .poll(() => executions.filter((e) => e.mode === mode).length)
        .toBeGreaterThanOrEqual(2);
      expect(await page.evaluate(scanForInjectedMarkup)).toHaveLength(2);
    }
    executions.length = 0;
  });

  // ---- Public pages: the city page and each live ad's details page.
  await test.step('the city page and the details pages', async () => {
    // The city page is cached for up to 5 seconds.
    await expect(async () => {
      await render(ownerActor, {
        label: 'city page',
        url: `${cityOrigin}/`,
        check: (page) =>
          expectTexts(
            page.locator('main'),
            liveTexts.map((t) => t.title),
          ),
      });
    }).toPass({ timeout: 20_000 });
    await render(
      ownerActor,
      ...liveIds.map((id, i): Render => {
        const text = liveTexts[i] ?? liveTexts[0];
        return {
          label: `details ${id}`,
          url: `${cityOrigin}/ads/details/${id}`,
          check: async (page) => {
            expect(await page.locator('h1').textContent()).toBe(text?.title);
            expect(await page.title()).toContain(text?.title);
            await expectTexts(page.locator('article'), [text?.name ?? '', owner.email]);
          },
        };
      }),
    );
    for (const i of liveIds.keys()) {
      note(
        storedIn,
        'ad description',
        idsOf(liveDescriptionIds.filter((_, k) => k % LIVE_ADS === i)),
      );
    }
  });

  // ---- The owner's form: the description goes back into the rich text editor.
  const formCheck =
    (text: AdText) =>
    async (page: Page): Promise<void> => {
      await expect(page.getByLabel('Title', { exact: true })).toHaveValue(text.title);
      await expect(page.getByLabel('Name', { exact: true })).toHaveValue(text.name);
      await expect(page.getByRole('textbox', { name: 'Description' })).toContainText('Payload');
    };
  const firstLive = liveTexts[0];
  if (firstLive) {
    await render(ownerActor, {
      label: `form ${liveIds[0]}`,
      url: `/edit-post?id=${liveIds[0]}&edit=auth`,
      check: formCheck(firstLive),
    });
  }

  // ---- Sweep rounds: new titles, names, descriptions and links on the pending ads.
  const previewLinks: string[] = [];
  for (const id of sweepIds) {
    const link = await ok<{ url: string }>(
      ownerApi.post(`/api/post/${id}/preview`, { headers: asOwner }),
      'preview link',
    );
    const url = new URL(link.url);
    previewLinks.push(`${cityOrigin}${url.pathname}${url.search}`);
  }
  let lastTitles = '';
  for (let round = 0; round < rounds; round += 1) {
    await test.step(`sweep round ${round + 1} of ${rounds}`, async () => {
      const texts = sweepIds.map((_, j) => sweepText(round, j));
      if (round > 0) {
        await Promise.all(
          sweepIds.map((id, j) =>
            ok(
              ownerApi.patch('/api/post', {
                headers: asOwner,
                json: { ...adBody(texts[j] ?? sweepText(0, j)), post_id: id },
              }),
              `sweep ${round} ad ${id}`,
            ),
          ),
        );
      }
      const titles = texts.map((t) => t.title);
      const jobs: Render[] = previewLinks.map((link, j) => {
        const text = texts[j] ?? sweepText(0, j);
        return {
          label: `preview ${sweepIds[j]}`,
          url: link,
          check: async (page) => {
            expect(await page.locator('h1').textContent()).toBe(text.title);
            expect(await page.title()).toContain(text.title);
            await expectTexts(page.locator('article'), [text.name, 'Payload']);
          },
        };
      });
      const ownerJobs =
        titles.join('\n') === lastTitles
          ? jobs
          : [
              {
                label: 'my-posts',
                url: '/posts',
                check: (page: Page) =>
                  expectTexts(page.getByRole('list', { name: 'Your ads' }), [
                    ...titles,
                    ...liveTexts.map((t) => t.title),
                  ]),
              },
              ...jobs,
            ];
      await Promise.all([
        render(ownerActor, ...ownerJobs),
        titles.join('\n') === lastTitles
          ? Promise.resolve()
          : render(moderatorActor, {
              label: 'queue',
              url: '/admin',
              check: (page) =>
                expectTexts(page.getByRole('table', { name: 'Review queue' }), titles),
            }),
      ]);
      lastTitles = titles.join('\n');
      for (const j of sweepIds.keys()) {
        const slot = LIVE_ADS + round * SWEEP_ADS + j;
        if (slot < titleGroups.length) note(storedIn, 'ad title', idsOf(titleGroups[slot] ?? []));
        if (slot < nameGroups.length) note(storedIn, 'ad name', idsOf(nameGroups[slot] ?? []));
        note(storedIn, 'ad description', idsOf(sweepDescription(round, j)));
      }
    });
  }
  const finalTexts = sweepIds.map((_, j) => sweepText(rounds - 1, j));

  // ---- Moderator texts: rejection reasons, an edit's rejection, bans.
  const rejected = sweepIds.slice(0, longChunks.length);
  for (const [i, id] of rejected.entries()) {
    const chunk = longChunks[i];
    if (!chunk) continue;
    await ok(
      moderatorApi.post(`/api/admin/posts/${id}/reject`, {
        headers: asModerator,
        json: { code: 'other', reason: chunk.text },
      }),
      `reject ${id}`,
    );
    note(storedIn, 'rejection reason', chunk.ids);
  }
  // An edit of a live ad waits for review: the review screen shows before and after.
  const revised = liveIds[LIVE_ADS - 1] ?? '';
  const revisedBefore = liveTexts[LIVE_ADS - 1];
  const revisedText: AdText = {
    title: joined(titleGroups[titleGroups.length - 1] ?? []),
    name: joined(nameGroups[nameGroups.length - 1] ?? []),
    description: descriptionOf(xssPayloads.filter((p) => p.vector === 'mxss')),
    backlink: backlinks[backlinks.length - 1]?.url(`revised-${stamp}`) ?? null,
  };
  await ok(
    ownerApi.patch('/api/post', {
      headers: asOwner,
      json: { ...adBody(revisedText), post_id: revised },
    }),
    'edit a live ad',
  );
  note(storedIn, 'ad edit awaiting review', [
    ...idsOf(titleGroups[titleGroups.length - 1] ?? []),
    ...idsOf(nameGroups[nameGroups.length - 1] ?? []),
    ...xssPayloads.filter((p) => p.vector === 'mxss').map((p) => p.id),
  ]);

  await test.step('the console: review screens', async () => {
    const reviews: Render[] = [
      {
        label: `review ${revised}`,
        url: `/admin/posts/${revised}`,
        inApp: true,
        check: (page) =>
          expectTexts(page.locator('main'), [
            revisedText.title,
            revisedText.name,
            ...(revisedBefore ? [revisedBefore.title, revisedBefore.name] : []),
          ]),
      },
    ];
    for (const [i, id] of liveIds.entries()) {
      const text = liveTexts[i];
      if (!text || id === revised) continue;
      const report = reportTexts[i];
      reviews.push({
        label: `review ${id}`,
        url: `/admin/posts/${id}`,
        inApp: true,
        check: async (page) => {
          await expect(page.getByRole('heading', { name: text.title, exact: true })).toBeVisible();
          await expectTexts(page.locator('main'), [
            text.name,
            text.backlink ?? '',
            owner.email,
            ...(report ? [report.text] : []),
          ]);
        },
      });
    }
    for (const [j, id] of sweepIds.entries()) {
      const text = finalTexts[j];
      if (!text) continue;
      const reason = j < rejected.length ? longChunks[j]?.text : undefined;
      reviews.push({
        label: `review ${id}`,
        url: `/admin/posts/${id}`,
        inApp: true,
        check: async (page) => {
          await expect(page.getByRole('heading', { name: text.title, exact: true })).toBeVisible();
          await expectTexts(page.locator('main'), [
            text.name,
            text.backlink ?? '',
            ...(reason ? [reason] : []),
          ]);
        },
      });
      note(storedIn, 'ad backlink', backlinks[LIVE_ADS + j]?.ids ?? []);
    }
    await render(moderatorActor, ...reviews);
  });

  await ok(
    moderatorApi.post(`/api/admin/posts/${revised}/reject`, {
      headers: asModerator,
      json: { code: 'other', reason: longChunks[0]?.text ?? 'no' },
    }),
    'reject the edit',
  );
  note(storedIn, 'rejection reason (edit)', longChunks[0]?.ids ?? []);
  for (const [i, chunk] of longChunks.entries()) {
    if (i > 0) {
      await ok(
        moderatorApi.post(`/api/admin/users/${banned.userId}/unban`, { headers: asModerator }),
        'unban',
      );
    }
    await ok(
      moderatorApi.post(`/api/admin/users/${banned.userId}/ban`, {
        headers: asModerator,
        json: { reason: chunk.text },
      }),
      'ban',
    );
    note(storedIn, 'ban reason', chunk.ids);
  }

  await test.step('the console: queue, reports, users and audit log; My Posts', async () => {
    const sweepForm = sweepIds[rejected.length] ?? '';
    const sweepFormText = finalTexts[rejected.length] ?? sweepText(0, 0);
    await Promise.all([
      render(
        moderatorActor,
        {
          label: 'queue',
          url: '/admin',
          check: (page) =>
            expectTexts(page.getByRole('table', { name: 'Review queue' }), [
              ...finalTexts.slice(rejected.length).map((t) => t.title),
              ...liveTexts.slice(longChunks.length).map((t) => t.title),
            ]),
        },
        {
          label: 'reports',
          url: '/admin/reports',
          inApp: true,
          check: (page) =>
            expectTexts(
              page.locator('main'),
              reportTexts.slice(longChunks.length).flatMap((r) => (r ? [r.text] : [])),
            ),
        },
        {
          label: 'reports',
          url: '/admin/reports?state=resolved',
          inApp: true,
          check: (page) =>
            expectTexts(
              page.locator('main'),
              reportTexts.slice(0, longChunks.length).flatMap((r) => (r ? [r.text] : [])),
            ),
        },
        {
          label: 'users',
          url: `/admin/users?q=${encodeURIComponent(owner.email)}`,
          inApp: true,
          check: (page) => expectTexts(page.locator('main'), [owner.email]),
        },
        {
          label: 'users',
          url: `/admin/users?q=${encodeURIComponent(banned.email)}`,
          inApp: true,
          check: (page) => expectTexts(page.locator('main'), [banned.email]),
        },
        {
          label: 'audit',
          url: '/admin/audit',
          inApp: true,
          check: (page) =>
            expectTexts(
              page.locator('main'),
              longChunks.map((c) => c.text),
            ),
        },
      ),
      render(
        ownerActor,
        {
          label: 'my-posts',
          url: '/posts',
          check: (page) =>
            expectTexts(page.getByRole('list', { name: 'Your ads' }), [
              ...finalTexts.map((t) => t.title),
              ...liveTexts.map((t) => t.title),
            ]),
        },
        {
          label: `form ${sweepForm}`,
          url: `/edit-post?id=${sweepForm}&edit=auth`,
          check: formCheck(sweepFormText),
        },
      ),
    ]);
  });

  // ---- The summary, then the verdict.
  // The app's own bundle probes for eval once (zod's `allowsEval`: `Function('')` in a
  // try): the CSP blocks it and reports it with no sample. That is not a payload; any
  // other violation (an inline script or handler, a blocked load) comes from stored text.
  const isEvalProbe = (e: Evidence) => /^script-src blocked=eval sample=$/.test(e.detail);
  const payloadViolations = cspViolations.filter((e) => !isEvalProbe(e));
  const evalProbes = cspViolations.filter(isEvalProbe);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const fieldLines = (map: Map<string, Set<number>>) =>
    [...map.entries()].map(([field, ids]) => `    ${field}: ${ids.size} payloads`).join('\n');
  const evidenceLines = (list: Evidence[]) =>
    list
      .slice(0, 40)
      .map((e) => `    [${e.mode}] ${e.page}: ${e.detail}`)
      .join('\n');
  const summary = [
    `XSS corpus: ${xssPayloads.length} payloads (${[...new Set(xssPayloads.map((p) => p.vector))].join(', ')})`,
    'Stored and rendered:',
    fieldLines(storedIn),
    'Refused by the schema (4xx):',
    fieldLines(refusedIn),
    `Pages rendered (each in ${modes.length} modes: ${modes.map((m) => m.name).join(', ')}): ${[...pagesRendered.entries()].map(([k, n]) => `${k} ${n}`).join(', ')}`,
    `Executions: ${executions.length}`,
    evidenceLines(executions),
    `Injected markup found in the DOM: ${injections.length}`,
    evidenceLines(injections),
    `CSP violations caused by stored text: ${payloadViolations.length}`,
    evidenceLines(payloadViolations),
    `CSP violations of the app's own eval probe (zod, no payload): ${evalProbes.length} on ${new Set(evalProbes.map((e) => e.page.replace(/\?.*/, ''))).size} SPA paths`,
    `Took ${seconds} s`,
  ]
    .filter((line) => line !== '')
    .join('\n');
  process.stdout.write(`${summary}\n`);
  await test.info().attach('xss-summary.txt', { body: summary, contentType: 'text/plain' });
  expect(executions, 'payloads that executed').toEqual([]);
  expect(injections, 'markup injected into a page').toEqual([]);
  expect(payloadViolations, 'CSP violations caused by stored text').toEqual([]);
  const contexts = new Set(
    [...ownerActor.lanes, ...moderatorActor.lanes].flat().map((page) => page.context()),
  );
  for (const context of contexts) await context.close();
});
