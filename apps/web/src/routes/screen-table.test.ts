import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Manifest } from 'vite';
import { languages } from '@adboard/shared';
import { describe, expect, it } from 'vitest';
import { routeAssets } from '../../route-assets';
import { adminRoutes, appRoutes, frameTextAreas, homePath, screenAddresses } from './screen-table';

const routesDir = path.dirname(new URL(import.meta.url).pathname);

describe('the screen table', () => {
  it('names only screen files that exist', () => {
    for (const { screen } of [...appRoutes, ...adminRoutes]) {
      expect(existsSync(path.join(routesDir, `${screen}.tsx`)), screen).toBe(true);
    }
  });

  it('lists each address once, the most specific first, the home page as its screen', () => {
    const addresses = screenAddresses();
    const patterns = addresses.map((a) => a.pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
    expect(addresses[0]).toEqual({ pattern: '/', screen: 'login' });
    expect(homePath).toBe('/login');
    expect(addresses.find((a) => a.pattern === '/admin/posts/:id')).toEqual({
      pattern: '/admin/posts/:id',
      screen: 'admin',
      inner: 'admin-ad',
    });
    expect(patterns.indexOf('/admin/*')).toBeGreaterThan(patterns.indexOf('/admin/audit'));
    expect(patterns.at(-1)).toBe('*');
  });
});

describe("each address's files for the page", () => {
  // A build's manifest in small: the entry with its loader, the app's start that it
  // imports, two screens that share a form chunk, one with a stylesheet.
  const manifest: Manifest = {
    'src/main.tsx': {
      file: 'assets/index-E.js',
      isEntry: true,
      imports: ['_loader.js'],
      dynamicImports: ['src/start.tsx'],
      css: ['assets/index-E.css'],
    },
    '_loader.js': { file: 'assets/loader-D.js' },
    'src/start.tsx': { file: 'assets/start-S.js', isDynamicEntry: true, imports: ['_app.js'] },
    '_app.js': {
      file: 'assets/app-A.js',
      imports: ['_zod.js', '_loader.js'],
      css: ['assets/app-A.css'],
    },
    '_zod.js': { file: 'assets/zod-Z.js' },
    '_form.js': { file: 'assets/form-F.js', imports: ['_zod.js'] },
    'src/routes/login.tsx': {
      file: 'assets/login-L.js',
      isDynamicEntry: true,
      imports: ['_form.js', '_zod.js'],
    },
    'src/routes/my-ads.tsx': {
      file: 'assets/my-ads-M.js',
      isDynamicEntry: true,
      imports: ['_form.js'],
      css: ['assets/my-ads-M.css'],
      dynamicImports: ['src/routes/editor.tsx'],
    },
    'src/routes/editor.tsx': { file: 'assets/editor-X.js', isDynamicEntry: true },
    // The catalogue's areas, a file per language (apps/web/catalogue-plugin.ts).
    ...Object.fromEntries(
      [
        ...frameTextAreas,
        'auth-screens',
        'app-screens',
        'ad-stats',
        'door',
        'ad-tools',
        'lifecycle',
        'ads',
        'payments',
        'account',
      ].flatMap((area) =>
        languages.map((language) => [
          `../../packages/shared/src/i18n/catalogues/${area}/${language}.ts?compiled`,
          { file: `assets/${area}-${language}.js`, isDynamicEntry: true },
        ]),
      ),
    ),
  };
  /** The files of these areas in each language, as the list names them. */
  const texts = (...areas: string[]) =>
    Object.fromEntries(
      languages.map((language) => [
        language,
        areas.map((area) => `/assets/${area}-${language}.js`),
      ]),
    );

  it("names the start's and the screen's scripts and styles deep, without the entry's or later ones, and their texts in each language", () => {
    const start = ['/assets/zod-Z.js', '/assets/app-A.js', '/assets/start-S.js'];
    expect(
      routeAssets(manifest, [
        { pattern: '/login', screen: 'login' },
        { pattern: '/posts', screen: 'my-ads' },
      ]),
    ).toEqual([
      {
        pattern: '/login',
        js: [...start, '/assets/form-F.js', '/assets/login-L.js'],
        css: ['/assets/app-A.css'],
        // The frame's words and the account screens', in each language (not the second
        // step's: its form loads them when a password step asks for it).
        texts: texts(...frameTextAreas, 'auth-screens'),
      },
      {
        pattern: '/posts',
        js: [...start, '/assets/form-F.js', '/assets/my-ads-M.js'],
        css: ['/assets/app-A.css', '/assets/my-ads-M.css'],
        texts: texts(
          ...frameTextAreas,
          'app-screens',
          'auth-screens',
          'ad-stats',
          'door',
          'ad-tools',
          'lifecycle',
          'ads',
          'payments',
        ),
      },
    ]);
  });

  it('lists each script after the scripts it imports: the order the page runs them in', () => {
    const [login] = routeAssets(manifest, [{ pattern: '/login', screen: 'login' }]);
    const position = (file: string) => login?.js.indexOf(`/${file}`) ?? -1;
    for (const chunk of Object.values(manifest)) {
      if (position(chunk.file) < 0) continue;
      for (const imported of chunk.imports ?? []) {
        const file = manifest[imported]?.file ?? '';
        if (position(file) >= 0) expect(position(file)).toBeLessThan(position(chunk.file));
      }
    }
  });

  it('stops the build when a screen of the table is not in it', () => {
    expect(() => routeAssets(manifest, [{ pattern: '/terms', screen: 'terms' }])).toThrow(
      /src\/routes\/terms\.tsx/,
    );
  });
});
