import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import catalogueText from './eslint-rules/catalogue-text.js';

/** A module reads another module through its queries file, never its repository (types may be shared). */
const otherModulesRepository = {
  group: ['../*/*-repository', '../*/*-repository.js'],
  allowTypeImports: true,
  message:
    "Read another module through its queries file (e.g. '../ads/ad-queries.js'), not its repository.",
};

/** SQL lives in repositories: drizzle, pg and the tables are imported there only (types may be shared). */
const sqlOutsideRepository = {
  group: ['drizzle-orm', 'drizzle-orm/*', 'pg', '**/db/schema', '**/db/schema.js'],
  allowTypeImports: true,
  message: "SQL lives in the module's repository (a *-repository.ts file); call it from here.",
};

/**
 * The route chain opens the transaction of every request that writes
 * (http/route.ts); a use case takes it as `tx`. Only jobs, which are their own
 * chain (one transaction per item), open one.
 */
const transactionOutsideChain = {
  selector: "CallExpression[callee.property.name='transaction']",
  message:
    'The route chain opens the transaction (http/route.ts): take `tx` as the first parameter instead.',
};

/** The job entry points: each item a job handles is its own transaction. */
const jobEntryPoints = [
  'apps/server/src/modules/lifecycle/expire-ads.ts',
  'apps/server/src/modules/lifecycle/send-expiry-reminders.ts',
  'apps/server/src/modules/lifecycle/run-ad-lifecycle.ts',
  'apps/server/src/modules/lifecycle/run-ad-tools.ts',
  'apps/server/src/modules/payments/payment-watcher.ts',
  'apps/server/src/modules/outbox/deliver-message.ts',
  'apps/server/src/modules/ads/purge-deleted-ad.ts',
  'apps/server/src/modules/accounts/erase-deleted-accounts.ts',
  'apps/server/src/modules/photos/sweep-photo-files.ts',
  'apps/server/src/modules/locations/seed-locations.ts',
];

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
  // adapters; SQL lives in repositories only; the route chain owns the transaction;
  // the browser never imports server code.
  {
    files: ['apps/server/src/modules/**/*.ts', 'apps/server/src/http/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [otherModulesRepository, sqlOutsideRepository] },
      ],
      'no-restricted-syntax': ['error', transactionOutsideChain],
    },
  },
  {
    files: ['apps/server/src/modules/**/*-repository.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [otherModulesRepository] }],
    },
  },
  {
    files: ['apps/server/src/http/route.ts', ...jobEntryPoints],
    rules: { 'no-restricted-syntax': 'off' },
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
  // Issue 30: every text a person reads comes from the catalogue (eslint-rules/).
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    plugins: { catalogue: catalogueText },
    rules: { 'catalogue/no-jsx-text': 'error' },
  },
  {
    files: ['apps/server/src/modules/public-pages/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { catalogue: catalogueText },
    rules: { 'catalogue/no-template-text': 'error' },
  },
  // The server suite's files share their workers' modules (vitest.config.ts, isolate:
  // false): a file that mocked a module or changed the environment would change the
  // files after it.
  {
    files: ['apps/server/test/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'stubEnv', 'stubGlobal', 'useFakeTimers'].map((property) => ({
          object: 'vi',
          property,
          message: 'The server suite shares modules between files: pass the test double in.',
        })),
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "AssignmentExpression > MemberExpression.left[object.object.name='process'][object.property.name='env']",
          message: 'The server suite shares one process between files: pass the setting in.',
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'bench/**', '.ci/**', 'apps/server/build.mjs'],
    rules: { 'no-console': 'off' },
  },
);
