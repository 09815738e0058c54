import { describe, expect, it } from 'vitest';
import { routeAssetTags, routeAssetsFor, routeTable, type RouteAssets } from './route-assets.js';

const entry = (pattern: string): RouteAssets => ({
  pattern,
  js: [`/assets/${pattern.replace(/\W/g, '') || 'home'}-x1.js`],
  css: [],
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
    expect(routeAssetTags(undefined)).toBe('');
  });

  it('starts the stylesheets and preloads the scripts', () => {
    expect(
      routeAssetTags({
        pattern: '/posts',
        js: ['/assets/my-ads-a1.js', '/assets/dialog-b2.js'],
        css: ['/assets/my-ads-c3.css'],
      }),
    ).toBe(
      '<link rel="stylesheet" crossorigin href="/assets/my-ads-c3.css">' +
        '<link rel="modulepreload" crossorigin href="/assets/my-ads-a1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/dialog-b2.js">',
    );
  });
});
