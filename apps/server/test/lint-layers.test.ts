import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The rule ids ESLint reports for this text, linted as if it lived at `file`. */
async function problemsOf(file: string, text: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(text, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

/*
 * The layer rules of eslint.config.js, tried on deliberately wrong imports (text
 * linted in place, never written to the tree).
 */
describe('the layers are enforced by the lint', () => {
  it('refuses SQL in a route file', async () => {
    const problems = await problemsOf(
      'apps/server/src/modules/ads/routes.ts',
      "import { sql } from 'drizzle-orm';\nimport { ads } from '../../db/schema.js';\nexport const q = [sql, ads];\n",
    );
    expect(problems.filter((p) => p.startsWith('no-restricted-imports'))).toHaveLength(2);
  });

  it('refuses SQL in a use case: it calls the repository', async () => {
    const problems = await problemsOf(
      'apps/server/src/modules/ads/some-use-case.ts',
      "import { eq } from 'drizzle-orm';\nimport { ads } from '../../db/schema.js';\nimport type { AdFlag } from '../../db/schema.js';\nexport const q: [unknown, unknown, AdFlag[]] = [eq, ads, []];\n",
    );
    // The table and the operator are refused; a type from the schema is fine.
    expect(problems.filter((p) => p.startsWith('no-restricted-imports'))).toHaveLength(2);
  });

  it('refuses a transaction opened outside the route chain, except by a job', async () => {
    const text =
      "import type { Database } from '../../db/database.js';\nexport const f = (database: Database) => database.transaction(async () => 1);\n";
    const useCase = await problemsOf('apps/server/src/modules/ads/some-use-case.ts', text);
    expect(useCase.filter((p) => p.startsWith('no-restricted-syntax'))).toHaveLength(1);
    const job = await problemsOf('apps/server/src/modules/lifecycle/expire-ads.ts', text);
    expect(job).toEqual([]);
  });

  it('lets a repository hold the SQL', async () => {
    const problems = await problemsOf(
      'apps/server/src/modules/ads/ad-repository.ts',
      "import { sql } from 'drizzle-orm';\nimport { ads } from '../../db/schema.js';\nexport const q = [sql, ads];\n",
    );
    expect(problems).toEqual([]);
  });

  it("refuses a module reading another module's repository; its queries file and its types are fine", async () => {
    const wrong = await problemsOf(
      'apps/server/src/modules/moderation/some-use-case.ts',
      "import { findAd } from '../ads/ad-repository.js';\nexport const f = findAd;\n",
    );
    expect(wrong.filter((p) => p.startsWith('no-restricted-imports'))).toHaveLength(1);
    const right = await problemsOf(
      'apps/server/src/modules/moderation/some-use-case.ts',
      "import { findAd } from '../ads/ad-queries.js';\nimport type { AdRow } from '../ads/ad-repository.js';\nexport const f: (row: AdRow) => unknown = () => findAd;\n",
    );
    expect(right).toEqual([]);
  });

  it('refuses server code in the browser', async () => {
    const problems = await problemsOf(
      'apps/web/src/lib/wrong.ts',
      "import { createAd } from '../../../server/src/modules/ads/create-ad.js';\nimport Fastify from 'fastify';\nexport const x = [createAd, Fastify];\n",
    );
    expect(problems.filter((p) => p.startsWith('no-restricted-imports'))).toHaveLength(2);
  });
});
