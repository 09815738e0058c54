import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { compiledCataloguePlugin } from './catalogue-plugin.ts';

export default defineConfig({
  plugins: [react(), compiledCataloguePlugin()],
  // Component tests render with React itself; the build ships the same components on
  // Preact's React API (preact-aliases.ts), which the browser tests (e2e/) exercise.
  // docs/decisions.md, "Preact under the React API", says why the two differ.
  // Tests run the same whether started from the repository root or from apps/web.
  root: decodeURIComponent(new URL('.', import.meta.url).pathname),
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // jsdom renders are slow on a busy two-core CI machine; 5 s is too tight there.
    testTimeout: 20_000,
  },
});
