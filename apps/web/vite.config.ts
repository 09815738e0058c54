import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { preactAliases } from './preact-aliases';

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
  plugins: [react()],
  // React's API on Preact (docs/decisions.md, "Preact under the React API"): the same
  // components in about a fifth of React DOM's size, for the /login budget.
  resolve: { alias: preactAliases },
  build: {
    // The server serves this folder, with a fallback to index.html for client routes.
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks and styles each screen loads
    // (bench/bundle-sizes.mjs reads it; the server does not serve dot folders).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // zod on its own (with its browser setting, src/zod-jitless.ts): every screen needs it,
            // and no screen's schemas ride along with it.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]zod-jitless\.ts$/ },
            // The contract by the screens that use it: a screen loads only its own schemas.
            { name: 'contract', test: /packages[\\/]shared[\\/]/, entriesAware: true },
          ],
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});
