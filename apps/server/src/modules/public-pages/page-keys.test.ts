import { describe, expect, it } from 'vitest';
import { pageKey, pageShowsAd } from './page-keys.js';

const place = { adId: 42, siteId: 'local', citySlug: 'las-vegas' };

describe('the cached pages a change of an ad reaches', () => {
  it('are its details page (every notice, every language), its city’s pages and sitemap, and the site’s sitemap index', () => {
    for (const key of [
      pageKey.ad('local', 'las-vegas', 42, 'en', 'none'),
      pageKey.ad('local', 'las-vegas', 42, 'fr-CA', 'thanks'),
      pageKey.ad('local', 'las-vegas', 42, 'es', 'none'),
      pageKey.city('local', 'las-vegas', 'en', '|'),
      pageKey.city('local', 'las-vegas', 'fr-CA', '?page=7|'),
      pageKey.city('local', 'las-vegas', 'es', '?q=massage&outcalls=any|age_min'),
      pageKey.sitemap('local', 'las-vegas'),
      pageKey.sitemap('local', null),
    ]) {
      expect(pageShowsAd(key, place), key).toBe(true);
    }
  });

  it('are not another ad’s page, another city’s or another site’s pages, nor the not-found pages', () => {
    for (const key of [
      pageKey.ad('local', 'las-vegas', 4, 'fr-CA', 'none'),
      pageKey.ad('local', 'las-vegas', 420, 'en', 'none'),
      pageKey.ad('local', 'reno', 42, 'es', 'none'),
      pageKey.city('local', 'reno', 'en', '|'),
      pageKey.city('other', 'las-vegas', 'fr-CA', '?q=massage|'),
      pageKey.sitemap('local', 'reno'),
      pageKey.sitemap('other', null),
      pageKey.notFound('local', 'las-vegas', 'en', 'ad'),
      pageKey.notFound('local', 'las-vegas', 'fr-CA', 'city'),
    ]) {
      expect(pageShowsAd(key, place), key).toBe(false);
    }
  });
});
