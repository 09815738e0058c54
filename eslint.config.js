import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** A module reads another module through its queries file, never its repository (types may be shared). */
const otherModulesRepository = {
  group: ['../*/*-repository', '../*/*-repository.js'],
  allowTypeImports: true,
  message:
    "Read another module through its queries file (e.g. '../ads/ad-queries.js'), not its repository.",
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '.test-data/**',
      'test-results/**',
      'playwright-report/**',
      '.reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // The layers (issue 14): routes call use cases, use cases call repositories and
  // adapters; SQL stays out of route files; the browser never imports server code.
  {
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [otherModulesRepository] }],
    },
  },
  {
    files: ['apps/server/src/modules/**/routes.ts', 'apps/server/src/modules/**/*-routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            otherModulesRepository,
            {
              group: ['drizzle-orm', 'drizzle-orm/*', 'pg', '**/db/schema', '**/db/schema.js'],
              message:
                "A route file holds handlers only: SQL belongs in the module's repository or use case.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/src/**', '@adboard/server', '@adboard/server/*'],
              message:
                'The browser talks to the server through the contract in @adboard/shared only.',
            },
            {
              group: ['fastify', 'fastify/*', 'drizzle-orm', 'drizzle-orm/*', 'pg'],
              message: 'Server libraries do not belong in the browser.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'bench/**', '.ci/**', 'apps/server/build.mjs'],
    rules: { 'no-console': 'off' },
  },
);
