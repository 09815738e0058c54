import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { preactAliases } from './preact-aliases.ts';
import { compiledCataloguePlugin, sayingsShapePlugin } from './catalogue-plugin.ts';
import { routeAssetsPlugin } from './route-assets.ts';

/** The API server the dev server forwards to (apps/server listens here by default). */
const apiTarget = 'http://127.0.0.1:3000';
const proxy = Object.fromEntries(
  // '/photo' also covers the photo files under '/photos'; '/brand' covers /brand.css and
  // the logo (the brand's files are the server's, per host).
  [
    '/api',
    '/dev',
    '/photo',
    '/payment',
    '/validate',
    '/livez',
    '/readyz',
    '/brand',
    '/favicon.svg',
  ].map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }]),
);

export default defineConfig({
  base: '/',
  // routeAssetsPlugin: each address's screen files, for the server to name in the page;
  // sayingsShapePlugin: the shared package's named texts without their English words
  // (the app says them from the compiled areas).
  plugins: [react(), compiledCataloguePlugin(), sayingsShapePlugin(), routeAssetsPlugin()],
  // React's API on Preact (docs/decisions.md, "Preact under the React API"): the same
  // components in about a fifth of React DOM's size, for the /login budget.
  resolve: { alias: preactAliases },
  build: {
    // The server serves this folder, with a fallback to index.html for client routes.
    outDir: 'dist',
    // All the app's styles in one file, named by the page itself: every stylesheet holds
    // the first paint, and one request (about 6 KB sent) costs a phone less than a few.
    cssCodeSplit: false,
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks and styles each screen loads
    // (bench/bundle-sizes.mjs reads it; the server does not serve dot folders).
    manifest: true,
    rolldownOptions: {
      onwarn(warning, warn) {
        // React Router looks for React 19's `use` and `useOptimistic` and falls back when
        // they are missing, as they are in preact/compat: expected, not worth a warning.
        if (
          warning.code === 'IMPORT_IS_UNDEFINED' &&
          /Import `(use|useOptimistic)` /.test(warning.message) &&
          warning.message.includes('preact/compat')
        ) {
          return;
        }
        warn(warning);
      },
      output: {
        codeSplitting: {
          groups: [
            // Vite's loader of dynamic imports, which the entry uses too: apart, so that
            // the entry imports it and nothing of the app.
            { name: 'loader', test: /^\0(vite|rolldown)[\\/]/, priority: 10 },
            // zod on its own (with its browser setting, src/zod-jitless.ts): every screen needs it,
            // and no screen's schemas ride along with it.
            {
              name: 'zod',
              test: /node_modules[\\/]zod[\\/]|src[\\/]zod-jitless\.ts$/,
              priority: 9,
            },
            // The libraries every screen is drawn with (Preact, the router, the query
            // client, the toasts): apart from the app's own start, so that each is one
            // short task when the page runs its files in turn (lib/evaluate-in-turn.ts).
            {
              name: 'framework',
              test: /node_modules[\\/](preact|react-router|@tanstack|react-hot-toast|goober|@lingui)[\\/]/,
              priority: 8,
            },
            // What every screen is drawn in (the frame, the site, the session and their
            // schemas): start.tsx and what it imports, one file that the page names
            // (route-assets.ts). The entry, main.tsx, only runs the files. With it the
            // contract's common fields (a few schemas), which nearly every screen's
            // calls use: a file of their own would be one more request for 0.6 KB. The
            // frame's words come in the reader's language, a file apart (i18n/areas.ts).
            {
              name: 'app',
              test: /[\\/]src[\\/]start\.tsx$|packages[\\/]shared[\\/]src[\\/]schemas[\\/]common\.ts$/,
              priority: 7,
            },
            // The account screens' calls with their schemas (sign in, sign up, codes,
            // passwords, sign out): one file, so that /logout, which has no form, does not
            // load the sign-up form's pieces that share its calls (account-kit, form-kit).
            // Not the second factors' and passkeys' calls and schemas: the account page
            // loads them, and /login only once a second step or a passkey is used. With
            // them the address of the code's screen, which /login and the sign-up form
            // go to: in account-kit, /login would load the sign-up form for one line.
            {
              name: 'account-calls',
              test: /src[\\/]lib[\\/]account-api\.ts$|src[\\/]features[\\/]auth[\\/]verify-email-path\.ts$|packages[\\/]shared[\\/]src[\\/](schemas[\\/](account|factor-kinds)|contract[\\/]endpoints[\\/]accounts)\.ts$/,
              priority: 6,
            },
            // The console's contract (its endpoints and their schemas): only the console's
            // screens use it, so it is a file of its own that the merging of small pieces
            // below can never put beside an advertiser's screen (e2e/tests/bundle.spec.ts).
            {
              name: 'console-contract',
              test: /packages[\\/]shared[\\/]src[\\/](contract[\\/]endpoints[\\/]moderation|schemas[\\/]admin)\.ts$/,
              // Only these two: what they import (the ads' schemas) stays with its own screens.
              includeDependenciesRecursively: false,
              priority: 6,
            },
            // The contract by the screens that use it: a screen loads only its own
            // schemas; pieces under 12 KB of source join their neighbour rather than cost a request.
            // Not the catalogue's compiled texts: each area in each language is a file of
            // its own, loaded in the reader's language only (catalogue-plugin.ts).
            {
              name: 'contract',
              test: (id) => /packages[\\/]shared[\\/]/.test(id) && !id.endsWith('?compiled'),
              entriesAware: true,
              entriesAwareMergeThreshold: 12000,
              priority: 5,
            },
            // The pieces nearly every screen is drawn with (the card, the text field and
            // its frame, the alert): all that the sign-in and the account screens need of
            // the screens' kit below, so /login does not load the dialogs and other fields.
            {
              name: 'screen-kit',
              test: /src[\\/]features[\\/]ui[\\/](screen-card|text-field|field-frame|alert)\.tsx$/,
              priority: 4,
            },
            // The other pieces screens share (dialogs, the other fields, the views' heading,
            // which /terms wears too): one file instead of a dozen tiny ones, each a request
            // before the screen can show. Taken before the form layer, which uses some.
            {
              name: 'view-kit',
              test: /src[\\/]features[\\/](ui[\\/](?!use-zod-form|prompt-dialog)|wizard[\\/]view-heading)/,
              priority: 4,
            },
            // The form layer (react-hook-form with the zod resolver): only the screens with
            // a form load it, not My Posts or the wizard's first steps. Not the prompt
            // dialog (a form in a dialog), which the console's tables open: here, it would
            // bring the dialogs to every screen with a form, /login's among them; in the
            // console's kit, the form layer to the console's screens without a form. It
            // goes with the screens that use it.
            {
              name: 'form-kit',
              test: /src[\\/]features[\\/]ui[\\/]use-zod-form|node_modules[\\/](react-hook-form|@hookform)[\\/]/,
              priority: 3,
            },
            // The advertiser's pieces that several screens share (the API calls, the
            // wizard's models, the guard): one file rather than a dozen tiny ones.
            // Scripts only, and not the rules list: /terms shows it and needs none of the rest.
            {
              name: 'owner-kit',
              test: (id) =>
                /\.tsx?$/.test(id) &&
                /src[\\/](lib[\\/](ad|journey|payment)-api|lib[\\/](request-key|date-format)|features[\\/](my-ads|wizard)[\\/](?!rules-list)|features[\\/]auth[\\/]require-auth)/.test(
                  id,
                ),
              minShareCount: 2,
              priority: 2,
            },
            // The sign-up form, shared by the account screens.
            {
              name: 'account-kit',
              test: /src[\\/]features[\\/]auth[\\/]register-form/,
              minShareCount: 2,
              priority: 1,
            },
            // The console's shared pieces (tables, pagination, its query hook), likewise.
            {
              name: 'console-kit',
              test: /src[\\/]features[\\/]admin[\\/]/,
              minShareCount: 2,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});
