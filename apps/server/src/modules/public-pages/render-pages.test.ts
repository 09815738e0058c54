import { noCityFilters, publicPageText, type Language } from '@adboard/shared';
import { describe, expect, it } from 'vitest';
import { siteRegistry, type SiteConfig } from '../sites/site-registry.js';
import { appRobotsTxt, citySitemapXml, cityRobotsTxt, SITEMAP_MAX_URLS } from './crawl-files.js';
import { postedText, readableDay, readablePhone, waitText, withoutContacts } from './page-text.js';

import type { CityAdItem } from './public-ad-repository.js';
import type { PublicAdView } from './public-ad-view.js';
import { GALLERY_SIZES } from './html.js';
import { renderAdPage } from './render-ad-page.js';
import { renderCityPage } from './render-city-page.js';

const m = publicPageText('en');
const site = siteRegistry.find((s) => s.id === 'velvet') as SiteConfig;
const origin = 'https://las-vegas.velvetboard.example';
const NOW = new Date('2026-11-30T12:00:00Z');
const photo = (n: number) => ({ id: `p${n}`, adId: 7, width: 1200, height: 1600 });

const ad: PublicAdView = {
  id: 7,
  citySlug: 'las-vegas',
  cityName: 'Las Vegas',
  region: 'NV',
  title: 'Evening companion',
  descriptionHtml: '<p>Call 702 208 4567 or mail me@example.com</p>',
  descriptionText: 'Call 702 208 4567 or mail me@example.com',
  name: 'Jade',
  age: 25,
  ethnicity: null,
  business: null,
  incalls: null,
  outcalls: null,
  rates: [],
  hours: null,
  postedAt: new Date('2026-11-27T08:00:00Z'),
  badge: 'premium',
  availableUntil: null,
  visits: [],
  isPublic: true,
  photos: [photo(1), photo(2), photo(3)],
  contacts: [
    { kind: 'call', href: 'tel:+17022084567', text: '(702) 208-4567' },
    { kind: 'text', href: 'sms:+17022084567', text: '(702) 208-4567' },
  ],
};

const adPage = (over: Partial<PublicAdView> = {}, preview = false, language: Language = 'en') =>
  renderAdPage({
    site,
    language,
    ad: { ...ad, ...over },
    origin,
    preview,
    notice: { kind: 'none' },
    now: NOW,
  });

/** The page's text as a reader sees it (tags and attributes dropped). */
const visibleText = (html: string) =>
  html.replace(/<style>[\s\S]*?<\/style>/g, '').replace(/<[^>]*>/g, ' ');

const item = (id: number, over: Partial<CityAdItem> = {}): CityAdItem => ({
  id,
  title: `Ad ${id}`,
  age: 30,
  tier: 2,
  postedAt: new Date('2026-11-01T00:00:00Z'),
  expiresAt: null,
  premiumUntil: null,
  availableUntil: null,
  visit: null,
  thumb: photo(id),
  ...over,
});

/** Page `page` of `pageCount` pages of the city's own (unfiltered) list. */
const cityPage = (
  page: number,
  pageCount: number,
  items: CityAdItem[],
  language: Language = 'en',
) =>
  renderCityPage({
    site,
    language,
    city: { countryCode: 'US', slug: 'las-vegas', name: 'Las Vegas', region: 'NV' },
    origin,
    query: { filters: noCityFilters, page, ignored: [] },
    items,
    listing: {
      count: { exact: true, n: (pageCount - 1) * 24 + items.length },
      hasMore: page < pageCount,
    },
    now: NOW,
  });

describe('formats for readers', () => {
  it('prints dates in words or as a readable day in the reader’s language, never ISO', () => {
    const day = new Date('2026-11-27T23:00:00Z');
    expect(readableDay(day, 'en')).toBe('Nov 27, 2026');
    expect(readableDay(day, 'fr-CA')).toBe('27 nov. 2026');
    expect(readableDay(day, 'es')).toBe('27 nov 2026');
    expect(postedText(new Date('2026-11-30T01:00:00Z'), NOW, 'en')).toBe('Posted today');
    expect(postedText(new Date('2026-11-29T23:00:00Z'), NOW, 'en')).toBe('Posted yesterday');
    expect(postedText(new Date('2026-11-27T08:00:00Z'), NOW, 'en')).toBe('Posted 3 days ago');
    expect(postedText(new Date('2026-10-02T08:00:00Z'), NOW, 'en')).toBe('Posted on Oct 2, 2026');
    expect(postedText(new Date('2026-11-29T08:00:00Z'), NOW, 'fr-CA')).toBe('Publiée hier');
    expect(postedText(new Date('2026-11-27T08:00:00Z'), NOW, 'es')).toBe('Publicado hace 3 días');
  });

  it('says a wait in words, rounded up, in the reader’s language', () => {
    expect(waitText(1, 'en')).toBe('1 second');
    expect(waitText(59, 'en')).toBe('59 seconds');
    expect(waitText(61, 'en')).toBe('2 minutes');
    expect(waitText(90 * 60 + 1, 'en')).toBe('2 hours');
    expect(waitText(60, 'fr-CA')).toBe('1 minute');
    expect(waitText(3 * 3600, 'es')).toBe('3 horas');
  });

  it('reads a US number as (702) 208-4567 and keeps other numbers as typed', () => {
    expect(readablePhone('702-208-4567', '+17022084567')).toBe('(702) 208-4567');
    expect(readablePhone('+44 20 7946 0958', '+442079460958')).toBe('+442079460958');
    expect(readablePhone('208 4567', null)).toBe('208 4567');
  });

  it('drops emails and phone numbers from search snippets', () => {
    expect(withoutContacts('Jade 702.208.4567 jade@example.com tonight')).toBe('Jade tonight');
  });
});

describe('the details page', () => {
  it('has a gallery without script: a snap strip of sized photos and thumbnails to #photo-N', () => {
    const html = adPage();
    expect(html).not.toMatch(/<script/i);
    // The strip scrolls, so the keyboard reaches it, by name (axe scrollable-region-focusable).
    expect(html).toContain(
      `<div class="gallery" tabindex="0" role="group" aria-label="${m.galleryStrip}">`,
    );
    for (const n of [1, 2, 3]) {
      // The browser picks the stored width the layout needs (the photo is 1200 wide, so
      // its largest file is too); the 1600 one stays the fallback.
      expect(html).toContain(
        `<figure id="photo-${n}"><img src="/photos/7/p${n}-1600.webp"` +
          ` srcset="/photos/7/p${n}-400.webp 400w, /photos/7/p${n}-800.webp 800w, /photos/7/p${n}-1600.webp 1200w"` +
          ` sizes="${GALLERY_SIZES}" alt="${m.photoAlt({ title: ad.title, n })}" width="1200" height="1600"`,
      );
      expect(html).toContain(
        `<a href="#photo-${n}" aria-label="Show photo ${n}"><img src="/photos/7/p${n}-400.webp" alt="" width="400" height="533" loading="lazy">`,
      );
    }
    // Every image reserves its room.
    for (const img of html.match(/<img [^>]*>/g) ?? [])
      expect(img).toMatch(/ width="\d+" height="\d+"/);
    // The first photo is the page's largest paint: fetched first, never lazily.
    const first = html.match(/<figure id="photo-1"><img [^>]*>/)?.[0] ?? '';
    expect(first).toContain(' fetchpriority="high"');
    expect(first).not.toContain('loading="lazy"');
    expect(html.match(/fetchpriority="high"/g)).toHaveLength(1);
    expect(html.match(/ srcset=/g)).toHaveLength(3);
  });

  it('sizes the gallery photos as the stylesheet lays them out', () => {
    // A phone: the whole of main less its padding; from 48rem three fifths of main less
    // the gap; from 66rem main stops growing at 64rem.
    expect(GALLERY_SIZES).toBe(
      '(min-width:66rem) 37.8rem, (min-width:48rem) calc(60vw - 1.8rem), calc(100vw - 2rem)',
    );
    const css = adPage().match(/<style>([^<]*\.gallery figure[^<]*)<\/style>/)?.[1] ?? '';
    expect(css).toContain('main{max-width:64rem;margin:0 auto;padding:.75rem 1rem}');
    expect(css).toContain('.cols{display:grid;gap:1rem;margin:0 0 1rem}');
    expect(css).toContain('@media(min-width:48rem){.cols{grid-template-columns:3fr 2fr;');
    expect(css).toContain('.gallery figure{flex:0 0 100%;');
  });

  it('offers only the widths a small photo really has, each once', () => {
    const small = { id: 's', adId: 7, width: 600, height: 450 };
    const html = adPage({ photos: [small] });
    expect(html).toContain(
      '<img src="/photos/7/s-1600.webp" srcset="/photos/7/s-400.webp 400w, /photos/7/s-800.webp 600w" ',
    );
    const tiny = adPage({ photos: [{ ...small, width: 300, height: 200 }] });
    expect(tiny).toContain(' srcset="/photos/7/s-400.webp 300w" ');
  });

  it('gives a preview signed links at every width', () => {
    const html = renderAdPage({
      site,
      language: 'en',
      ad,
      origin,
      preview: true,
      notice: { kind: 'none' },
      photoSrc: (p, width) => `/photos/7/${p.id}-${width}.webp?token=owner.1.x`,
      now: NOW,
    });
    expect(html).toContain(
      ' srcset="/photos/7/p1-400.webp?token=owner.1.x 400w, /photos/7/p1-800.webp?token=owner.1.x 800w, /photos/7/p1-1600.webp?token=owner.1.x 1200w"',
    );
  });

  it('shows the badge, age and city in the header, and a readable posting date', () => {
    const html = adPage();
    expect(html).toContain(
      '<p class="sub"><span class="badge premium">Premium</span>25 years · Las Vegas, NV · <time datetime="2026-11-27">Posted 3 days ago</time></p>',
    );
    expect(adPage({ badge: 'vip' })).toContain('<span class="badge vip">VIP</span>');
    expect(adPage({ badge: null })).not.toContain('class="badge');
    expect(visibleText(html)).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('links call and text buttons to the E.164 number shown for reading', () => {
    const html = adPage();
    expect(html).toContain(
      '<a class="btn" href="tel:+17022084567" ping="/ads/details/7/tap/call">Call<small>(702) 208-4567</small></a>',
    );
    expect(html).toContain(
      '<a class="btn alt" href="sms:+17022084567" ping="/ads/details/7/tap/text">Text<small>(702) 208-4567</small></a>',
    );
    expect(adPage({ contacts: ad.contacts.slice(0, 1) })).not.toContain('sms:');
  });

  it('pings the tap counter from the public page only, never from a preview', () => {
    expect(adPage()).toContain('ping="/ads/details/7/tap/call"');
    expect(adPage({}, true)).not.toContain('ping=');
    expect(adPage({ isPublic: false }, true)).not.toContain('ping=');
  });

  it('has breadcrumbs: site > city > ad', () => {
    expect(adPage()).toContain(
      '<nav aria-label="Breadcrumb"><ol class="crumbs"><li><a href="https://velvetboard.example">Velvet Board</a></li><li><a href="/en/">Las Vegas</a></li><li aria-current="page">Evening companion</li></ol></nav>',
    );
  });

  it('has a title, a clean description, a canonical link and Open Graph tags', () => {
    const html = adPage();
    const head = html.slice(0, html.indexOf('<style>'));
    expect(head).toContain('<title>Evening companion | Las Vegas | Velvet Board</title>');
    expect(head).toContain(
      '<meta name="description" content="Evening companion: 25 years, Las Vegas, NV. An ad reviewed by a moderator on Velvet Board.">',
    );
    expect(head).toContain(`<link rel="canonical" href="${origin}/en/ads/details/7">`);
    // The same page in every language, and the address that answers the reader's.
    expect(head).toContain(
      `<link rel="alternate" hreflang="en" href="${origin}/en/ads/details/7">` +
        `<link rel="alternate" hreflang="fr-CA" href="${origin}/fr/ads/details/7">` +
        `<link rel="alternate" hreflang="es" href="${origin}/es/ads/details/7">` +
        `<link rel="alternate" hreflang="x-default" href="${origin}/ads/details/7">`,
    );
    expect(head).toContain('<meta property="og:type" content="article">');
    expect(head).toContain('<meta property="og:site_name" content="Velvet Board">');
    expect(head).toContain(`<meta property="og:url" content="${origin}/en/ads/details/7">`);
    expect(head).toContain(
      '<meta property="og:title" content="Evening companion | Las Vegas | Velvet Board">',
    );
    expect(head).toContain(`<meta property="og:image" content="${origin}/photos/7/p1-1600.webp">`);
    // Neither the description's phone and email nor another brand's name.
    expect(head).not.toMatch(/208|@/);
    for (const other of siteRegistry.filter((s) => s.id !== site.id)) {
      expect(html).not.toContain(other.name);
    }
  });

  it('has no og:image without a public photo, and a placeholder instead of an empty card', () => {
    const html = adPage({ photos: [] });
    expect(html).not.toContain('og:image');
    // No photo at all: the only image left is the brand's logo in the bar.
    expect(html.match(/<img [^>]*>/g)).toEqual([
      '<img class="brand__logo" src="/brand/logo.svg" alt="" width="32" height="32">',
    ]);
    expect(html).toContain(
      '<div class="ph nophoto" role="img" aria-label="No public photo: Evening companion"><b aria-hidden="true">E</b>',
    );
  });

  it('keeps a preview out of search engines and link previews', () => {
    const html = adPage({}, true);
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('rel="canonical"');
    expect(html).not.toContain('og:');
  });

  it('styles the report form: labels, a reason select, details and a button', () => {
    const html = adPage();
    expect(html).toContain('<section id="report" class="card">');
    expect(html).toContain(
      `<label for="reason">${m.reportReasonLabel}</label><select id="reason" name="reason" required>`,
    );
    expect(html).toContain(
      `<label for="details">${m.reportDetailsLabel}</label><textarea id="details"`,
    );
    expect(html).toContain(`<button class="btn" type="submit">${m.reportSubmit}</button>`);
  });
});

describe('the city page', () => {
  it('links back to the site and to posting an ad, with breadcrumbs', () => {
    const html = cityPage(1, 1, [item(1)]);
    expect(html).toContain(
      '<a class="btn" href="https://velvetboard.example/edit-post">Post an ad</a>',
    );
    expect(html).toContain(
      '<ol class="crumbs"><li><a href="https://velvetboard.example">Velvet Board</a></li><li aria-current="page">Las Vegas</li></ol>',
    );
    expect(html).toContain('<title>Companions in Las Vegas | Velvet Board</title>');
    expect(html).toContain(`<link rel="canonical" href="${origin}/en/">`);
    expect(html).toContain('<meta property="og:type" content="website">');
    expect(html).not.toContain('og:image');
  });

  it('gives every card a sized photo, or the title initial when it has no public photo', () => {
    const html = cityPage(1, 1, [item(1), item(2, { thumb: null, title: '  élan vital' })]);
    expect(html).toContain(
      '<img src="/photos/7/p1-400.webp" alt="Photo: Ad 1" width="400" height="533" loading="lazy">',
    );
    expect(html).toContain(
      '<span class="ph" role="img" aria-label="No public photo:   élan vital"><b aria-hidden="true">É</b>',
    );
    expect(html).not.toContain('class="noimg"');
    expect(visibleText(html)).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(html).toContain('Posted on Nov 1, 2026');
  });

  it('badges premium and VIP cards', () => {
    const html = cityPage(1, 1, [item(1, { tier: 0 }), item(2, { tier: 1 }), item(3)]);
    expect(html.match(/class="badge premium"/g)).toHaveLength(1);
    expect(html.match(/class="badge vip"/g)).toHaveLength(1);
  });

  it("badges an ad available now with the time it ends in the city's time zone", () => {
    // 05:30 UTC on 3 December is 9:30 PM the evening before in Las Vegas (PST).
    const until = new Date('2026-12-03T05:30:00Z');
    const html = cityPage(1, 1, [item(1, { availableUntil: until }), item(2)]);
    expect(html.match(/class="badge available"/g)).toHaveLength(1);
    const words = (text: string) => visibleText(text).replace(/\s+/g, ' ');
    expect(words(html)).toContain('Available now until 9:30 PM PST');
    expect(html).toContain('<time datetime="2026-12-03T05:30:00.000Z">');
    const page = adPage({ availableUntil: until });
    expect(words(page)).toContain('Available now until 9:30 PM PST');
    expect(adPage()).not.toContain('badge available');
  });

  it('shows where you are: page N of M, previous and next, the current page marked', () => {
    const html = cityPage(3, 7, [item(1)]);
    expect(html).toContain(
      '<nav class="pager" aria-label="Pages"><a rel="prev" href="/en/?page=2">Previous page</a>' +
        '<a href="/en/" aria-label="Page 1">1</a><a href="/en/?page=2" aria-label="Page 2">2</a>' +
        '<span aria-current="page">3</span><a href="/en/?page=4" aria-label="Page 4">4</a>' +
        '<span class="gap" aria-hidden="true">…</span><a href="/en/?page=7" aria-label="Page 7">7</a>' +
        '<a rel="next" href="/en/?page=4">Next page</a></nav><p class="count">Page 3 of 7</p>',
    );
    expect(html).toContain('<title>Companions in Las Vegas, page 3 | Velvet Board</title>');
    expect(cityPage(1, 1, [item(1)])).not.toContain('class="pager"');
  });
});

describe("the pages in the reader's language (issue 30)", () => {
  it('speaks Canadian French: <html lang>, the frame, the search form, the card and the pager', () => {
    const html = cityPage(2, 3, [item(1, { tier: 0 })], 'fr-CA');
    const fr = publicPageText('fr-CA');
    expect(html).toMatch(/^<!doctype html><html lang="fr-CA">/);
    expect(html).toContain('<h1>Annonces à Las Vegas</h1>');
    expect(html).toContain('<title>Annonces d’accompagnement à Las Vegas, page 2 | ');
    expect(html).toContain(`aria-label="${fr.search.heading}"`);
    expect(html).toContain(`<nav aria-label="${fr.breadcrumb}">`);
    expect(html).toContain('>Publier une annonce</a>');
    expect(html).toContain('30 ans · <time datetime="2026-11-01">Publiée le 1 nov. 2026</time>');
    expect(html).toContain('<p class="count">Page 2 sur 3</p>');
    expect(html).not.toContain('Ads in Las Vegas');
  });

  it('keeps its language in every link: the brand, the cards, the pager, the search form', () => {
    const html = cityPage(2, 3, [item(1)], 'fr-CA');
    expect(html).toContain('<a class="brand" href="/fr/">');
    expect(html).toContain('<li><a href="/fr/ads/details/1">');
    expect(html).toContain('<a rel="prev" href="/fr/">');
    expect(html).toContain('<a rel="next" href="/fr/?page=3">');
    expect(html).toContain('<form class="search" method="get" action="/fr/"');
    expect(html).toContain(`<link rel="canonical" href="${origin}/fr/?page=2">`);
    // Every other href on the page is a language's page, the portal, or the menu.
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1] ?? '');
    const local = hrefs.filter((href) => href.startsWith('/') && !href.startsWith('/favicon'));
    for (const href of local) expect(href).toMatch(/^\/(fr\/|language\/(en|es)\?next=)/);
  });

  it('has a language menu naming each language in its own words, this one marked', () => {
    const html = cityPage(2, 3, [item(1)], 'fr-CA');
    expect(html).toContain(
      `<nav class="langs" aria-label="Langue"><ul>` +
        `<li><a lang="en" hreflang="en" href="/language/en?next=%2F%3Fpage%3D2" rel="nofollow">English</a></li>` +
        `<li><b lang="fr-CA" aria-current="true">Français</b></li>` +
        `<li><a lang="es" hreflang="es" href="/language/es?next=%2F%3Fpage%3D2" rel="nofollow">Español</a></li>` +
        `</ul></nav>`,
    );
  });

  it('speaks Spanish on the details page: headings, labels and the report form', () => {
    const html = adPage({}, false, 'es');
    const es = publicPageText('es');
    expect(html).toMatch(/^<!doctype html><html lang="es">/);
    expect(html).toContain(`<h2>${es.detailsHeading}</h2>`);
    expect(html).toContain(`<h2>${es.contactHeading}</h2>`);
    expect(html).toContain(`<h2>${es.reportTitle}</h2>`);
    expect(html).toContain(`<button class="btn" type="submit">${es.reportSubmit}</button>`);
    expect(html).toContain('<form method="post" action="/es/ads/details/7/report#report">');
    expect(html).toContain(`<link rel="canonical" href="${origin}/es/ads/details/7">`);
    expect(html).not.toContain(publicPageText('en').reportSubmit);
  });
});

describe("an ad's own words in the reader's language (issue 30)", () => {
  const words = (text: string) => visibleText(text).replace(/\s+/g, ' ');
  const described = {
    ethnicity: 'latino_hispanic',
    business: 'independent',
    incalls: 'hotel',
    outcalls: 'any',
    rates: [
      { duration: '1h' as const, place: 'incall' as const, amount: 1200.5 },
      { duration: 'overnight' as const, place: 'outcall' as const, amount: 60000 },
    ],
    hours: {
      mon: { from: '10:00', to: '22:00' },
      tue: 'appointment' as const,
      wed: 'closed' as const,
      thu: 'closed' as const,
      fri: 'closed' as const,
      sat: 'closed' as const,
      sun: 'closed' as const,
    },
    visits: [{ city: 'houston', cityName: 'Houston', from: '2026-12-12', to: '2026-12-15' }],
    availableUntil: new Date('2026-12-03T05:30:00Z'),
  };

  it('reads in Canadian French: choices, contacts, report reasons, rates in Intl money, hours, tour and times', () => {
    const html = words(adPage(described, false, 'fr-CA'));
    for (const text of [
      'Latino-américaine ou hispanique',
      'Escorte indépendante',
      'Reçoit Hôtel',
      'Hôtel ou résidence',
      'Appeler (702) 208-4567',
      'Texto (702) 208-4567',
      'La personne pourrait être mineure',
      'Tarifs Durée Reçoit Se déplace',
      '1 heure 1 200,50 $ US',
      'Nuit complète 60 000,00 $ US',
      'Lundi 10:00 à 22:00',
      'Mardi Sur rendez-vous',
      'Mercredi Fermé',
      'En tournée Houston, 12 – 15 déc.',
      'Disponible maintenant',
      '21 h 30 HNP',
    ]) {
      expect(html).toContain(text);
    }
    for (const english of [
      'Independent Escort',
      'Hotel or residence',
      'Call (702)',
      'Rates',
      'Monday',
      'On tour',
    ]) {
      expect(html).not.toContain(english);
    }
  });

  it('reads in Spanish, money and times as Latin America writes them', () => {
    const html = words(adPage(described, false, 'es'));
    for (const text of [
      'Latino o hispano',
      'Acompañante independiente',
      'Llamar (702) 208-4567',
      'Estafa o fraude',
      '1 hora USD 1,200.50',
      'Lunes 10:00 a 22:00',
      'De gira Houston,',
    ]) {
      expect(html).toContain(text);
    }
    expect(html).not.toContain('Independent Escort');
  });

  it("badges a visiting ad on another city's card in the reader's language", () => {
    const html = words(
      cityPage(
        1,
        1,
        [item(1, { visit: { home: 'houston', from: '2026-12-12', to: '2026-12-15' } })],
        'fr-CA',
      ),
    );
    expect(html).toContain('De passage 12 – 15 déc.');
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('lets crawlers read the public pages of a city host, and nothing of the app host but /', () => {
    const city = cityRobotsTxt(origin);
    for (const line of [
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /admin',
      'Disallow: /edit-post',
      'Disallow: /posts',
      'Disallow: /*preview=',
    ]) {
      expect(city.split('\n')).toContain(line);
    }
    expect(city).toContain(`Sitemap: ${origin}/sitemap.xml`);
    const app = appRobotsTxt().split('\n');
    expect(app).toContain('Allow: /');
    // Links with one-time tokens, the console and the API are never for crawlers.
    for (const path of [
      '/api/',
      '/admin',
      '/activate',
      '/resetpassword',
      '/refund',
      '/verifyemail',
    ]) {
      expect(app).toContain(`Disallow: ${path}`);
    }
    // The sign-in and registration pages are the portal's way in: findable.
    expect(app.filter((line) => /^Disallow: \/(login|register)/.test(line))).toEqual([]);
  });

  it('bounds a sitemap to 50,000 URLs, every page in each language', () => {
    const ids = Array.from({ length: SITEMAP_MAX_URLS + 10 }, (_, i) => i + 1);
    const xml = citySitemapXml(origin, ids);
    const locs = xml.match(/<loc>/g) ?? [];
    expect(locs.length).toBeLessThanOrEqual(SITEMAP_MAX_URLS);
    expect(locs.length).toBeGreaterThan(SITEMAP_MAX_URLS - 3);
    for (const prefix of ['en', 'fr', 'es']) {
      expect(xml).toContain(`<url><loc>${origin}/${prefix}/</loc></url>`);
      expect(xml).toContain(`<url><loc>${origin}/${prefix}/ads/details/1</loc></url>`);
    }
  });
});

describe("the details page's rates and hours (issue 29)", () => {
  const withTimes = adPage({
    rates: [
      { duration: '30m', place: 'incall', amount: 150 },
      { duration: '1h', place: 'incall', amount: 250 },
      { duration: '1h', place: 'outcall', amount: 1200.5 },
    ],
    hours: {
      mon: { from: '10:00', to: '22:00' },
      tue: 'closed',
      wed: 'closed',
      thu: 'closed',
      fri: 'appointment',
      sat: 'closed',
      sun: 'closed',
    },
  });

  it('shows the rates as a table: a row per duration, a column per place, money in the site currency', () => {
    const table = /<table class="rates"><caption>Rates<\/caption>[\s\S]*?<\/table>/.exec(
      withTimes,
    )?.[0];
    expect(table).toBeDefined();
    const cells = (table ?? '')
      .match(/<t[hd][^>]*>[^<]*<\/t[hd]>/g)
      ?.map((c) => c.replace(/<[^>]*>/g, ''));
    expect(cells).toEqual([
      'Duration',
      'Incall',
      'Outcall',
      '30 minutes',
      '150.00 USD',
      '',
      '1 hour',
      '250.00 USD',
      '1,200.50 USD',
    ]);
  });

  it('shows the week, Monday first, each day in words', () => {
    const text = visibleText(withTimes).replace(/\s+/g, ' ');
    expect(text).toContain('Hours Monday 10:00\u201322:00 Tuesday Closed');
    expect(text).toContain('Friday By appointment Saturday Closed Sunday Closed');
  });

  it('shows neither when the poster gave none (or a week closed every day)', () => {
    const closed = Object.fromEntries(
      ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, 'closed']),
    ) as PublicAdView['hours'];
    for (const page of [adPage(), adPage({ hours: closed })]) {
      expect(page).not.toContain('class="rates"');
      expect(page).not.toContain('class="card times"');
    }
  });
});
