import { citySearchLimits, publicPageText } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, relaxedLimiter, type SignedIn } from './support/accounts.js';
import { createAd } from './support/ads.js';
import { makeAdPublic } from './support/moderation.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

const m = publicPageText('en').search;
const CITY = 'austin';
const ORIGIN = `http://${CITY}.localhost:3000`;

/** The details links of a city page, in the order shown. */
function listedIds(html: string): string[] {
  return [...html.matchAll(/<li><a href="\/en\/ads\/details\/(\d+)"/g)].map(
    (match) => match[1] ?? '',
  );
}

const sorted = (ids: string[]) => [...ids].sort();

describe('the city page: keywords and filters, on PostgreSQL', () => {
  let t: TestApp;
  let owner: SignedIn;
  const ad: Record<'a' | 'b' | 'c' | 'd', string> = { a: '', b: '', c: '', d: '' };

  const page = (path: string, city = CITY) =>
    call(t.app, 'GET', path, { headers: { host: `${city}.localhost:3000` } });
  const ids = async (path: string) => {
    const res = await page(path);
    expect(res.status, path).toBe(200);
    return sorted(listedIds(res.text));
  };

  async function publicAd(
    overrides: Record<string, unknown>,
    options: { type?: string; city?: string; publish?: boolean } = {},
  ): Promise<string> {
    const created = await createAd(t.app, {
      session: owner.token,
      type: options.type ?? 'free_verified',
      overrides: { city: options.city ?? CITY, business: '', ...overrides },
    });
    if (options.publish !== false) await makeAdPublic(t, created.postId);
    return created.postId;
  }

  /** Photo rows as the review leaves them (the files are not what the filter reads). */
  async function photo(adId: string, kind: 'public' | 'verification' | 'pending') {
    await t.database.pool.query(
      `INSERT INTO photos (ad_id, position, is_primary, is_verification, pending_review, width, height, phash)
       VALUES ($1, (SELECT count(*) FROM photos WHERE ad_id = $1), $2, $3, $4, 800, 1000, md5(random()::text))`,
      [adId, kind === 'public', kind === 'verification', kind === 'pending'],
    );
  }

  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter(), publicPageTtlMs: 0 });
    owner = await registerVerified(t.app, 'searcher@example.com', 'a long enough passphrase');
    ad.a = await publicAd({
      title: 'Relaxing massage downtown',
      description: '<p>Quiet room near the river.</p>',
      age: '22',
      ethnicity: 'asian',
      business: 'massage',
      incalls: 'hotel',
      outcalls: 'no',
    });
    await photo(ad.a, 'public');
    ad.b = await publicAd({
      title: 'Elegant dinner date',
      description: '<p>Dinner, travel and <strong>massages</strong> on request.</p>',
      age: '35',
      ethnicity: 'latino_hispanic',
      business: 'independent',
      incalls: 'private',
      outcalls: 'any',
    });
    await photo(ad.b, 'verification');
    await photo(ad.b, 'public');
    ad.c = await publicAd({
      title: 'Evening companion',
      description: '<p>Call <em>first</em> please.</p>',
      age: '45',
      ethnicity: 'caucasian',
      business: 'agency',
      incalls: 'no',
      outcalls: 'hotel',
    });
    // A photo waiting for review is not public yet.
    await photo(ad.c, 'pending');
    ad.d = await publicAd(
      {
        title: 'Upscale companion',
        description: '<p>Downtown condo.</p>',
        age: '28',
        ethnicity: 'asian',
        business: 'independent',
        incalls: 'upscale',
        outcalls: 'any',
      },
      { type: 'paid' },
    );
    // Matches 'massage' but is not public: never found.
    await publicAd({ title: 'Massage waiting for review', age: '22' }, { publish: false });
    // Public, matches, but in another city.
    await publicAd({ title: 'Massage in Dallas', age: '22' }, { city: 'dallas' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds keywords in the title and the description’s text, stemmed, never in its HTML', async () => {
    expect(await ids('/?q=massages')).toEqual(sorted([ad.a, ad.b]));
    expect(await ids('/?q=MASSAGE')).toEqual(sorted([ad.a, ad.b]));
    expect(await ids('/?q=travel+dinner')).toEqual([ad.b]);
    expect(await ids('/?q=companion+-upscale')).toEqual([ad.c]);
    // Words of the markup are not the ad's text.
    expect(await ids('/?q=strong')).toEqual([]);
    expect(await ids('/?q=em')).toEqual([]);
  });

  it('filters by age, each choice (several values: any of them), verified and photos', async () => {
    expect(await ids('/?age_min=30')).toEqual(sorted([ad.b, ad.c]));
    expect(await ids('/?age_max=30')).toEqual(sorted([ad.a, ad.d]));
    expect(await ids('/?age_min=30&age_max=40')).toEqual([ad.b]);
    expect(await ids('/?ethnicity=asian')).toEqual(sorted([ad.a, ad.d]));
    expect(await ids('/?ethnicity=asian&ethnicity=caucasian')).toEqual(sorted([ad.a, ad.c, ad.d]));
    expect(await ids('/?business=independent')).toEqual(sorted([ad.b, ad.d]));
    expect(await ids('/?incalls=any')).toEqual(sorted([ad.a, ad.b, ad.d]));
    expect(await ids('/?incalls=hotel&incalls=upscale')).toEqual(sorted([ad.a, ad.d]));
    expect(await ids('/?outcalls=any')).toEqual(sorted([ad.b, ad.c, ad.d]));
    // "Hotel or residence" goes to hotels too.
    expect(await ids('/?outcalls=hotel')).toEqual(sorted([ad.b, ad.c, ad.d]));
    expect(await ids('/?verified=1')).toEqual([ad.b]);
    expect(await ids('/?photos=1')).toEqual(sorted([ad.a, ad.b]));
  });

  it('combines filters: every one must hold', async () => {
    expect(await ids('/?q=companion&outcalls=any&age_max=30')).toEqual([ad.d]);
    expect(await ids('/?ethnicity=asian&incalls=any&photos=1')).toEqual([ad.a]);
    expect(await ids('/?business=independent&verified=1&q=dinner')).toEqual([ad.b]);
    expect(await ids('/?ethnicity=asian&business=agency')).toEqual([]);
  });

  it('says how many match, shows the filters as removable chips and keeps the form filled in', async () => {
    const res = await page('/?ethnicity=asian&outcalls=any&q=companion');
    expect(res.text).toContain(
      `<p class="sub" role="status">Austin, TX · ${m.matches({ n: 1 })}</p>`,
    );
    expect((await page('/?ethnicity=asian')).text).toContain(m.matches({ n: 2 }));
    // Each chip is the same search without it.
    expect(res.text).toContain(
      `<a href="/en/?ethnicity=asian&amp;outcalls=any" aria-label="${m.removeFilter({ label: m.chipKeywords({ q: 'companion' }) })}">`,
    );
    expect(res.text).toContain(
      `<a href="/en/?q=companion&amp;outcalls=any" aria-label="${m.removeFilter({ label: 'Ethnicity: Asian' })}">`,
    );
    expect(res.text).toContain(`<a class="clear" href="/en/">${m.clear}</a>`);
    expect(res.text).toContain('value="companion"');
    expect(res.text).toMatch(/name="ethnicity" value="asian" checked>/);
    expect(res.text).toMatch(/name="outcalls" value="any" checked>/);
    expect(res.text).not.toMatch(/name="ethnicity" value="caucasian" checked>/);
    // A plain GET form: it works without a script, and the page has none.
    expect(res.text).toContain('<form class="search" method="get" action="/en/" role="search"');
    expect(res.text).not.toMatch(/<script/i);
  });

  it('says so when nothing matches, with a way back to every ad', async () => {
    const res = await page('/?ethnicity=native');
    expect(res.status).toBe(200);
    expect(listedIds(res.text)).toEqual([]);
    expect(res.text).toContain(m.noMatches);
    expect(res.text).toContain(`<a class="btn" href="/en/">${m.clear}</a>`);
    expect(res.text).toContain(m.matches({ n: 0 }));
    expect(res.text).not.toContain(publicPageText('en').cityEmpty);
  });

  it('ignores bad values and names them, never a 500; cuts long keywords; empty or repeated parameters are harmless', async () => {
    const everyAd = await ids('/');
    expect(everyAd).toHaveLength(4);
    const res = await page(
      '/?age_min=abc&age_max=120&ethnicity=martian&sort=random&verified=maybe&incalls=no',
    );
    expect(res.status).toBe(200);
    expect(sorted(listedIds(res.text))).toEqual(everyAd);
    expect(res.text).toContain(
      m.ignored({ names: 'minimum age, maximum age, ethnicity, incalls, verified, order' }),
    );
    // A bad value beside a good one: the good one still filters.
    const mixed = await page('/?ethnicity=martian&ethnicity=asian&age_min=18');
    expect(sorted(listedIds(mixed.text))).toEqual(sorted([ad.a, ad.d]));
    expect(mixed.text).toContain(m.ignored({ names: 'minimum age, ethnicity' }));

    const long = 'massage '.repeat(40);
    const cut = await page(`/?q=${encodeURIComponent(long)}`);
    expect(cut.status).toBe(200);
    const value = /id="f-q" [^>]*value="([^"]*)"/.exec(cut.text)?.[1] ?? '';
    expect(value.length).toBeLessThanOrEqual(citySearchLimits.keywordsMax);
    expect(value.startsWith('massage massage')).toBe(true);

    expect(await ids('/?q=&ethnicity=&age_min=&photos=')).toEqual(everyAd);
    expect(await ids('/?q=dinner&q=massage')).toEqual(sorted([ad.a, ad.b]));
    expect(await ids('/?age_max=30&age_max=40&age_min=30')).toEqual([ad.b]);
    // Ages the wrong way round are read the right way.
    expect(await ids('/?age_min=40&age_max=30')).toEqual([ad.b]);
    for (const path of [
      '/?q=%00%FF',
      '/?q=%27%22%3C%3E',
      '/?q=a%20or%20b%20-',
      '/?q=!!!&sort=newest',
    ]) {
      expect((await page(path)).status, path).toBe(200);
    }
  });

  it('keeps filtered and searched pages out of search engines, pointing them at the city page', async () => {
    for (const path of ['/?q=massage', '/?outcalls=any', '/?sort=newest', '/?photos=1&page=1']) {
      const res = await page(path);
      expect(res.text, path).toContain('<meta name="robots" content="noindex, follow">');
      expect(res.text, path).toContain(`<link rel="canonical" href="${ORIGIN}/en/">`);
    }
    const plain = await page('/');
    expect(plain.text).not.toContain('name="robots"');
    expect(plain.text).toContain(`<link rel="canonical" href="${ORIGIN}/en/">`);
    // Empty parameters filter nothing: the page is the city page.
    expect((await page('/?q=&ethnicity=')).text).not.toContain('name="robots"');

    const sitemap = await page('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(sitemap.text).toContain(`<loc>${ORIGIN}/en/</loc>`);
    for (const id of Object.values(ad)) {
      expect(sitemap.text).toContain(`<loc>${ORIGIN}/en/ads/details/${id}</loc>`);
    }
    expect(sitemap.text).not.toMatch(/<loc>[^<]*\?/);
  });

  it('keeps the filters through the pages, and a filtered page past the last is the 404 page', async () => {
    const many: string[] = [];
    for (let i = 0; i < 26; i++) {
      many.push(
        await publicAd(
          { title: `Tour stop ${i}`, age: '30', outcalls: 'any', ethnicity: 'mixed' },
          { city: 'phoenix' },
        ),
      );
    }
    await publicAd({ title: 'Not mixed', age: '30', ethnicity: 'asian' }, { city: 'phoenix' });
    const first = await page('/?ethnicity=mixed', 'phoenix');
    expect(first.text).toContain(m.matches({ n: 26 }));
    expect(first.text).toContain('<a rel="next" href="/en/?ethnicity=mixed&amp;page=2">');
    const second = await page('/?ethnicity=mixed&page=2', 'phoenix');
    expect(second.status).toBe(200);
    expect(second.text).toContain('<a rel="prev" href="/en/?ethnicity=mixed">');
    expect(second.text).toContain('<p class="count">Page 2 of 2</p>');
    expect(sorted([...listedIds(first.text), ...listedIds(second.text)])).toEqual(sorted(many));
    const past = await page('/?ethnicity=mixed&page=3', 'phoenix');
    expect(past.status).toBe(404);
    expect(past.text).toContain(publicPageText('en').cityNotFoundText);
    // No match at all is still a page (it says so), not a 404.
    expect((await page('/?ethnicity=native', 'phoenix')).status).toBe(200);
  });
});
