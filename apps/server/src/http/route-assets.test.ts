import { describe, expect, it } from 'vitest';
import { routeAssetTags, routeAssetsFor, routeTable, type RouteAssets } from './route-assets.js';

const entry = (pattern: string): RouteAssets => ({
  pattern,
  js: [`/assets/${pattern.replace(/\W/g, '') || 'home'}-x1.js`],
  css: [],
  texts: {},
});

// As the build lists them: the most specific first, the catch-alls last.
const list = routeTable([
  entry('/'),
  entry('/login'),
  entry('/posts'),
  entry('/admin'),
  entry('/admin/posts/:id'),
  entry('/admin/*'),
  entry('*'),
]);

describe('the files a page of the app names', () => {
  it('finds the address of a path, with or without a trailing slash, in any case', () => {
    expect(routeAssetsFor(list, '/')?.pattern).toBe('/');
    expect(routeAssetsFor(list, '/login')?.pattern).toBe('/login');
    expect(routeAssetsFor(list, '/login/')?.pattern).toBe('/login');
    expect(routeAssetsFor(list, '/Posts')?.pattern).toBe('/posts');
  });

  it('takes parameters and the console under /admin, and sends the rest to the catch-all', () => {
    expect(routeAssetsFor(list, '/admin')?.pattern).toBe('/admin');
    expect(routeAssetsFor(list, '/admin/posts/100001')?.pattern).toBe('/admin/posts/:id');
    expect(routeAssetsFor(list, '/admin/posts/1/x')?.pattern).toBe('/admin/*');
    expect(routeAssetsFor(list, '/admin/nothing')?.pattern).toBe('/admin/*');
    expect(routeAssetsFor(list, '/loginx')?.pattern).toBe('*');
    expect(routeAssetsFor(list, '/no/such/page')?.pattern).toBe('*');
  });

  it('names nothing without a list (a build from before it)', () => {
    expect(routeAssetsFor(routeTable([]), '/login')).toBeUndefined();
    expect(routeAssetTags(undefined, 'en')).toBe('');
  });

  it('starts the stylesheets and preloads the scripts, and the texts of the page’s language only', () => {
    const posts: RouteAssets = {
      pattern: '/posts',
      js: ['/assets/my-ads-a1.js', '/assets/dialog-b2.js'],
      css: ['/assets/my-ads-c3.css'],
      texts: { en: ['/assets/frame-e1.js'], 'fr-CA': ['/assets/frame-f1.js'] },
    };
    expect(routeAssetTags(posts, 'fr-CA')).toBe(
      '<link rel="stylesheet" crossorigin href="/assets/my-ads-c3.css">' +
        '<link rel="modulepreload" crossorigin href="/assets/my-ads-a1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/dialog-b2.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/frame-f1.js">',
    );
    // A language the list has no files for: the scripts alone.
    expect(routeAssetTags(posts, 'es')).not.toContain('frame-');
  });
});
