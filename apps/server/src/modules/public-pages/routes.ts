import {
  cityLanguage,
  cityQueryString,
  createPreviewLinkEndpoint,
  languageCookie,
  languageCookieMaxAgeSeconds,
  languageOfCookieHeader,
  languageOfPrefix,
  parseCityQuery,
  publicPageText,
  reportBodySchema,
  resolveLanguage,
  sayIn,
  type Language,
} from '@adboard/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.js';
import { NotFoundError, RateLimitedError, ValidationError } from '../../domain/errors.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import { route, type RouteChain } from '../../http/route.js';
import { parseInput } from '../../http/validate.js';
import type { PublicAdChanges } from '../ad-lifecycle/public-ad-changes.js';
import { adContext } from '../ads/ad-context.js';
import { noStatsCounter, type StatsCounter } from '../ad-stats/stats-counter.js';
import { visitorOf } from '../ad-stats/visitor-of.js';
import { publicPhotoSrc, type PhotoLinks } from '../photos/photo-queries.js';
import { publicCityOrigin } from '../sites/public-urls.js';
import { createPreviewLink } from './create-preview-link.js';
import { waitText } from './page-text.js';
import { appRobotsTxt, cityRobotsTxt } from './crawl-files.js';
import {
  cachedPageOf,
  createPageCache,
  etagOf,
  PAGE_TTL_MS,
  type CachedPage,
  type PageCache,
  type RenderedPage,
} from './page-cache.js';
import { pageKey, pageShowsAd } from './page-keys.js';
import {
  loadAdPage,
  loadCityPage,
  loadCitySitemap,
  loadSitemapIndex,
  notFoundPage,
  type CityHost,
} from './page-loaders.js';
import { pagePath, pagePrefixes, safePagePath } from './page-paths.js';
import { isPreviewTokenFor } from './preview-tokens.js';
import { findCityBySlug } from './public-ad-repository.js';
import { reportAnchor, type ReportNotice } from './render-ad-page.js';
import { reportAd } from './report-ad.js';
import { sendPage, sendPrivatePage } from './send-page.js';

export interface PublicPageDeps {
  database: Database;
  limiter: RateLimiter;
  routeChain: RouteChain;
  /** Signs the photo links of a preview (its photos need not be public). */
  photoLinks: PhotoLinks;
  /** PHOTO_PUBLIC_URL: where the pages load public photos from (unset: the site itself). */
  photoPublicUrl: string | undefined;
  /** Changes of ads the public sees, announced by any server: their pages leave the cache. */
  adChanges: PublicAdChanges;
  /**
   * How long a page is kept (default 5 s; tests lengthen it to see only what a change
   * drops; 0: never kept, every request reads the database).
   */
  pageTtlMs?: number;
  /** Default: a fresh in-process cache of rendered pages. */
  pageCache?: PageCache;
  /** Told of each hit and miss of the default cache (the server's metrics). */
  countPageCache?: (result: 'hit' | 'miss') => void;
  /** Each ad's statistics (issue 29): its appearances in lists and views of its page. */
  stats?: StatsCounter;
}

/** Ids the pages accept: digits within a safe integer; anything else is simply not an ad. */
const AD_ID = /^[1-9]\d{0,14}$/;
const FORM_TYPE = 'application/x-www-form-urlencoded';
const REPORT_BODY_LIMIT = 16_384;

type Query = Record<string, string | string[] | undefined>;

function cityHostOf(request: FastifyRequest, city: string, language: Language): CityHost {
  return {
    site: request.site,
    city,
    origin: publicCityOrigin(request.site, city, request.headers.host),
    language,
  };
}

function adIdOf(params: unknown): number | null {
  const raw = (params as { postId?: string }).postId ?? '';
  return AD_ID.test(raw) ? Number(raw) : null;
}

function noticeKey(notice: ReportNotice, language: Language): string {
  if (notice.kind === 'invalid') return `invalid:${sayIn(language, notice.message)}`;
  // One page per wait as the reader sees it (minutes, not every second).
  if (notice.kind === 'limited') return `limited:${waitText(notice.retryAfterSeconds, language)}`;
  return notice.kind;
}

/** A page's language as its address gives it: a prefix's, or 'negotiated' without one. */
type PageLanguage = Language | 'negotiated';

/**
 * The headers of a page's language: what it is in, and for an address without a prefix
 * that the answer differs with the browser's languages and the menu's cookie.
 */
function languageHeaders(reply: FastifyReply, language: Language, chosenBy: PageLanguage): void {
  reply.header('Content-Language', language);
  if (chosenBy === 'negotiated') reply.header('Vary', 'Accept-Language, Cookie');
}

/**
 * The server-rendered public pages on `{city}.{publicDomain}` (no script, cached a
 * few seconds in process and dropped at once when an ad on them changes), in each
 * language under its prefix and in the reader's at the address without one; the
 * report form's target, the language menu's choice, and the preview link of the app.
 * On any other host these paths fall through to the app's own not-found handling.
 */
export function publicPageRoutes(app: FastifyInstance, deps: PublicPageDeps): void {
  // The pages and the report form are not declared endpoints, so no route chain hands
  // them a handle: they use the pool (the form's one write is a single insert).
  const db = deps.database.db;
  const ttlMs = deps.pageTtlMs ?? PAGE_TTL_MS;
  const cache =
    deps.pageCache ??
    createPageCache({
      ttlMs,
      ...(deps.countPageCache ? { countLookup: deps.countPageCache } : {}),
    });
  const photoSrc = publicPhotoSrc(deps.photoPublicUrl);
  const stats = deps.stats ?? noStatsCounter;
  // An approval, rejection, edit, deletion, expiry or ban on any server: the pages that
  // show the ad are read afresh.
  const stopListening = deps.adChanges.listen((places) => {
    cache.drop((key) => places.some((place) => pageShowsAd(key, place)));
  });
  /** A page through the cache, or (cache off) read afresh every time. */
  const cached = async (key: string, render: () => Promise<RenderedPage>): Promise<CachedPage> =>
    ttlMs === 0
      ? cachedPageOf(await render())
      : (cache.peek(key) ?? (await cache.fill(key, render)));
  app.addHook('onClose', async () => stopListening());

  /**
   * The language a page speaks: its prefix's, else the reader's (resolveLanguage: the
   * menu's cookie, the city's own (French in Quebec), the browser's Accept-Language,
   * the brand's). The city comes from the memo kept for the pages, so a page from the
   * cache costs no query.
   */
  async function languageOf(
    request: FastifyRequest,
    city: string,
    chosenBy: PageLanguage,
  ): Promise<Language> {
    if (chosenBy !== 'negotiated') return chosenBy;
    const chosen = languageOfCookieHeader(request.headers.cookie);
    if (chosen) return chosen;
    const place = await findCityBySlug(db, city);
    return resolveLanguage({
      city: place ? cityLanguage({ country: place.countryCode, region: place.region }) : null,
      acceptLanguage: request.headers['accept-language'],
      brand: request.site.language,
    });
  }

  // Cache keys name the site, the city of the host and the language; the host's
  // details (its origin) are worked out only when a page is rendered, to keep a hit cheap.

  /** The details page through the cache: each notice is its own small set of keys. */
  async function sendAdPage(
    request: FastifyRequest,
    reply: FastifyReply,
    host: { city: string; language: Language },
    adId: number,
    notice: ReportNotice,
  ): Promise<FastifyReply> {
    const { city, language } = host;
    const key = pageKey.ad(request.site.id, city, adId, language, noticeKey(notice, language));
    const page = await cached(key, () =>
      loadAdPage(db, cityHostOf(request, city, language), adId, {
        preview: false,
        notice,
        photoSrc,
      }),
    );
    // A view is the ad's page served as itself (not a report's answer or a 404).
    if (page.status === 200 && notice.kind === 'none') {
      stats.count('view', [adId], visitorOf(request));
    }
    return sendPage(request, reply, page, { shared: notice.kind === 'none' });
  }

  async function sendNotFound(
    request: FastifyRequest,
    reply: FastifyReply,
    host: { city: string; language: Language },
    kind: 'ad' | 'city' = 'ad',
  ) {
    const { city, language } = host;
    const key = pageKey.notFound(request.site.id, city, language, kind);
    const page = await cached(key, async () =>
      notFoundPage(cityHostOf(request, city, language), kind),
    );
    return sendPage(request, reply, page, { shared: false });
  }

  /** The city page in a language, or (chosenBy 'negotiated') in the reader's. */
  async function cityPage(request: FastifyRequest, reply: FastifyReply, chosenBy: PageLanguage) {
    const city = request.siteCity;
    if (!city) {
      reply.callNotFound();
      return reply;
    }
    const language = await languageOf(request, city, chosenBy);
    languageHeaders(reply, language, chosenBy);
    const query = parseCityQuery(request.query as Query);
    const page = query.page;
    if (page === null) return sendNotFound(request, reply, { city, language }, 'city');
    // One key per normalised query (and what it ignored, which the page names).
    const key = pageKey.city(
      request.site.id,
      city,
      language,
      `${cityQueryString(query.filters, page)}|${query.ignored.join(',')}`,
    );
    const shown = await cached(key, () =>
      loadCityPage(
        deps.database,
        cityHostOf(request, city, language),
        { ...query, page },
        photoSrc,
      ),
    );
    // Every ad the list shows appears once more, from the cache too.
    if (shown.adIds) stats.count('appearance', shown.adIds, visitorOf(request));
    return sendPage(request, reply, shown, { shared: true });
  }

  /** An ad's details page (or, with its token, its preview) in a language or the reader's. */
  async function adPage(request: FastifyRequest, reply: FastifyReply, chosenBy: PageLanguage) {
    const city = request.siteCity;
    if (!city) {
      reply.callNotFound();
      return reply;
    }
    const language = await languageOf(request, city, chosenBy);
    languageHeaders(reply, language, chosenBy);
    const adId = adIdOf(request.params);
    if (adId === null) return sendNotFound(request, reply, { city, language });
    const query = request.query as Query;
    if (query.preview === 'true' && typeof query.token === 'string' && query.token.length <= 200) {
      // A valid token shows the ad in any state, to whoever holds the link, uncached.
      // Tokens are secrets, so guesses are limited per client, never per ad (a stranger's
      // guesses must not lock the owner's link); past the limit the page is the public one.
      const allowed = await deps.limiter.consume('previewToken', request.ip, null).then(
        () => true,
        (error: unknown) => {
          if (error instanceof RateLimitedError) return false;
          throw error;
        },
      );
      if (allowed && (await isPreviewTokenFor(db, query.token, adId))) {
        const page = await loadAdPage(db, cityHostOf(request, city, language), adId, {
          preview: true,
          links: deps.photoLinks,
        });
        return sendPrivatePage(reply, page.status, page.html);
      }
    }
    const notice: ReportNotice = query.reported === '1' ? { kind: 'thanks' } : { kind: 'none' };
    return sendAdPage(request, reply, { city, language }, adId, notice);
  }

  // Each page at its path without a prefix (the reader's language) and under each
  // language's prefix; '/fr' alone is the French city page, as '/fr/' is.
  app.get('/', (request, reply) => cityPage(request, reply, 'negotiated'));
  app.get('/ads/details/:postId', (request, reply) => adPage(request, reply, 'negotiated'));
  for (const { prefix, language } of pagePrefixes) {
    app.get(prefix, (request, reply) => cityPage(request, reply, language));
    app.get(`${prefix}/`, (request, reply) => cityPage(request, reply, language));
    app.get(`${prefix}/ads/details/:postId`, (request, reply) => adPage(request, reply, language));
  }

  // The language menu's links: the choice is kept (a cookie, for the addresses without
  // a prefix and the app) and the reader goes to the page they were on, in that language.
  app.get('/language/:prefix', async (request, reply) => {
    const language = languageOfPrefix((request.params as { prefix: string }).prefix);
    if (!request.siteCity || language === null) {
      reply.callNotFound();
      return reply;
    }
    const next = safePagePath((request.query as Query).next);
    return reply
      .code(303)
      .header('Cache-Control', 'no-store')
      .header(
        'Set-Cookie',
        `${languageCookie}=${language}; Path=/; Max-Age=${languageCookieMaxAgeSeconds}; SameSite=Lax`,
      )
      .header('Location', pagePath(language, next))
      .send();
  });

  // Crawlers: every host answers robots.txt as text; a city host lists its city page
  // and ads in its sitemap (each in every language), the app host the sitemaps of its
  // site's cities. Their addresses do not depend on a language.
  app.get('/robots.txt', async (request, reply) => {
    const city = request.siteCity;
    const text = city
      ? cityRobotsTxt(publicCityOrigin(request.site, city, request.headers.host))
      : appRobotsTxt();
    const body = Buffer.from(text, 'utf8');
    return sendPage(
      request,
      reply,
      { status: 200, body, etag: etagOf(body) },
      { shared: true, contentType: 'text/plain; charset=utf-8' },
    );
  });

  app.get('/sitemap.xml', async (request, reply) => {
    const city = request.siteCity;
    const key = pageKey.sitemap(request.site.id, city);
    const page = await cached(key, () =>
      city
        ? loadCitySitemap(db, cityHostOf(request, city, request.site.language))
        : loadSitemapIndex(db, request.site, (slug) =>
            publicCityOrigin(request.site, slug, request.headers.host),
          ),
    );
    return sendPage(request, reply, page, {
      shared: true,
      contentType:
        page.status === 200 ? 'application/xml; charset=utf-8' : 'text/plain; charset=utf-8',
    });
  });

  // The report form posts form-encoded; the parser lives only in this scope, so no
  // other route starts accepting form bodies.
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      FORM_TYPE,
      { parseAs: 'string', bodyLimit: REPORT_BODY_LIMIT },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );

    /** The report of an ad; a form gets its answer as a page in the page's language. */
    async function report(request: FastifyRequest, reply: FastifyReply, chosenBy: PageLanguage) {
      const city = request.siteCity;
      if (!city) {
        reply.callNotFound();
        return reply;
      }
      const language = await languageOf(request, city, chosenBy);
      const host = { city, language };
      const isForm = (request.headers['content-type'] ?? '').startsWith(FORM_TYPE);
      const adId = adIdOf(request.params);
      try {
        await deps.limiter.consume('report', request.ip, null);
        if (adId === null) throw new NotFoundError(publicPageText(language).notFoundText);
        const body = parseInput(reportBodySchema, request.body);
        await reportAd(db, adId, body, {
          siteId: request.site.id,
          citySlug: city,
          ip: request.ip,
        });
      } catch (error) {
        // The form gets a page back (the details page with the refusal, or the 404
        // page); a JSON caller gets the usual JSON error.
        if (!isForm) throw error;
        languageHeaders(reply, language, chosenBy);
        if (error instanceof NotFoundError || adId === null) {
          return sendNotFound(request, reply, host);
        }
        if (error instanceof RateLimitedError) {
          reply.header('Retry-After', String(error.retryAfterSeconds));
          return sendAdPage(request, reply, host, adId, {
            kind: 'limited',
            retryAfterSeconds: error.retryAfterSeconds,
          });
        }
        if (error instanceof ValidationError) {
          return sendAdPage(request, reply, host, adId, {
            kind: 'invalid',
            message: error.text,
          });
        }
        throw error;
      }
      if (!isForm) return { success: true };
      // '#report': the page opens on the thanks, not at its top (a phone would not see it).
      return reply
        .code(303)
        .header(
          'Location',
          `${pagePath(language, `/ads/details/${adId}`)}?reported=1#${reportAnchor}`,
        )
        .send();
    }

    const options = { bodyLimit: REPORT_BODY_LIMIT };
    scope.post('/ads/details/:postId/report', options, (request, reply) =>
      report(request, reply, 'negotiated'),
    );
    for (const { prefix, language } of pagePrefixes) {
      scope.post(`${prefix}/ads/details/:postId/report`, options, (request, reply) =>
        report(request, reply, language),
      );
    }
  });

  route(app, deps.routeChain, createPreviewLinkEndpoint, async ({ tx, params, request }) => {
    const ctx = await adContext(request);
    return createPreviewLink(tx, ctx, params.id, request.headers.host);
  });
}
