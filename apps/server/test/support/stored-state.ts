import type { TestApp } from './test-app.js';

/**
 * A digest of every stored row but sessions (touched by each signed-in call), per
 * table: equal before and after a request means the request changed nothing.
 */
export async function storedState(t: TestApp): Promise<string> {
  const { rows } = await t.database.pool.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'sessions'
      ORDER BY table_name`,
  );
  const digests: string[] = [];
  for (const { table_name: table } of rows) {
    const result = await t.database.pool.query<{ digest: string | null }>(
      `SELECT md5(string_agg(t::text, ',' ORDER BY t::text)) AS digest FROM "${table}" t`,
    );
    digests.push(`${table}:${result.rows[0]?.digest ?? 'empty'}`);
  }
  return digests.join(' ');
}
