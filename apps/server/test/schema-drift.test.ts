import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema.js';
import { migrate } from '../src/db/migrate.js';
import { migrationsDir } from '../src/db/migrations-dir.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

/** One database's tables as the comparison reads them: one line per fact, sorted. */
async function describeDatabase(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const facts: string[] = [];
    const columns = await client.query<Record<string, string>>(
      `SELECT c.table_name, c.column_name, c.udt_name, c.is_nullable, coalesce(c.column_default, '') AS d
         FROM information_schema.columns c JOIN information_schema.tables t
           ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'`,
    );
    for (const r of columns.rows) {
      facts.push(
        `column ${r.table_name}.${r.column_name} ${r.udt_name} null=${r.is_nullable} default=${r.d}`,
      );
    }
    const constraints = await client.query<Record<string, string>>(
      `SELECT cl.relname AS table_name, con.contype, pg_get_constraintdef(con.oid) AS def
         FROM pg_constraint con JOIN pg_class cl ON cl.oid = con.conrelid
         JOIN pg_namespace n ON n.oid = cl.relnamespace
        WHERE n.nspname = 'public' AND con.contype <> 'n'`,
    );
    for (const r of constraints.rows)
      facts.push(`constraint ${r.table_name} ${r.contype} ${r.def}`);
    const indexes = await client.query<Record<string, string>>(
      `SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'`,
    );
    for (const r of indexes.rows) {
      // The query builder cannot say INCLUDE: those columns are compared on their own.
      const def = r.indexdef ?? '';
      const include = / INCLUDE \(([^)]*)\)/.exec(def);
      if (include) facts.push(`include ${r.indexname} ${include[1]}`);
      facts.push(
        `index ${r.tablename} ${def.replace(/ INCLUDE \([^)]*\)/, '').replace(/^CREATE (UNIQUE )?INDEX \S+ ON /, 'CREATE $1INDEX ON ')}`,
      );
    }
    return facts.filter((f) => !f.includes('schema_migrations')).sort();
  } finally {
    await client.end();
  }
}

describe('one schema: the migrations and the code describe the same database', () => {
  let fromMigrations: TestDatabase;
  let fromCode: TestDatabase;
  beforeAll(async () => {
    fromMigrations = await createTestDatabase();
    fromCode = await createTestDatabase();
  });
  afterAll(async () => {
    await fromMigrations.drop();
    await fromCode.drop();
  });

  it('has the same tables, columns, types, defaults, constraints and indexes', async () => {
    const pool = new pg.Pool({ connectionString: fromMigrations.url });
    await migrate(pool, migrationsDir);
    await pool.end();

    // drizzle-kit serialises the schema with JSON.stringify, which refuses the 0n
    // defaults of bigint columns: let it write them as their decimal text.
    const bigintPrototype = BigInt.prototype as { toJSON?: () => string };
    bigintPrototype.toJSON = function toJSON(this: bigint) {
      return this.toString();
    };
    const statements = await generateMigration(
      generateDrizzleJson({}),
      generateDrizzleJson(schema as Record<string, unknown>),
    );
    const client = new pg.Client({ connectionString: fromCode.url });
    await client.connect();
    const refused: string[] = [];
    try {
      for (const statement of statements) {
        await client.query(statement).catch((error: unknown) => {
          refused.push(`${statement.slice(0, 120)}: ${String(error)}`);
        });
      }
    } finally {
      await client.end();
    }
    expect(refused).toEqual([]);

    const a = await describeDatabase(fromMigrations.url);
    const b = [
      ...(await describeDatabase(fromCode.url)),
      ...Object.entries(schema.cityIndexIncludes).map(
        ([name, columns]) => `include ${name} ${columns.join(', ')}`,
      ),
    ];
    expect({
      onlyInMigrations: a.filter((f) => !b.includes(f)),
      onlyInCode: b.filter((f) => !a.includes(f)),
    }).toEqual({ onlyInMigrations: [], onlyInCode: [] });
  });
});
