import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { adStateSql } from '../modules/ad-lifecycle/ad-state-repository.js';

/** Arbitrary constant: serialises migrations when several servers start at once. */
const MIGRATION_LOCK_ID = 4_242_001;

/** The checked-in migrations, in the order they are applied (their names'). */
export async function migrationFiles(migrationsDir: string): Promise<string[]> {
  return (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort();
}

async function appliedVersions(client: pg.Pool | pg.PoolClient): Promise<Set<string>> {
  const { rows } = await client.query<{ version: string }>('SELECT version FROM schema_migrations');
  return new Set(rows.map((r) => r.version));
}

/**
 * How many of the checked-in migrations the database has, and how many it still
 * lacks (the next start applies them); asks only, changes nothing.
 */
export async function migrationStatus(
  pool: pg.Pool,
  migrationsDir: string,
): Promise<{ applied: number; pending: number }> {
  const { rows } = await pool.query<{ present: boolean }>(
    "SELECT to_regclass('schema_migrations') IS NOT NULL AS present",
  );
  const done = rows[0]?.present ? await appliedVersions(pool) : new Set<string>();
  const files = await migrationFiles(migrationsDir);
  const pending = files.filter((file) => !done.has(file)).length;
  return { applied: files.length - pending, pending };
}

/**
 * Applies the checked-in SQL files in name order, each once, forward only,
 * each in its own transaction.
 */
export async function migrate(pool: pg.Pool, migrationsDir: string): Promise<string[]> {
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = await appliedVersions(client);
    for (const file of await migrationFiles(migrationsDir)) {
      if (done.has(file)) continue;
      const sql = await readFile(path.join(migrationsDir, file), 'utf8');
      await client.query('BEGIN');
      try {
        await client.query(sql);
        await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [file]);
        await client.query('COMMIT');
        applied.push(file);
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${file} failed: ${(error as Error).message}`);
      }
    }
    // Functions and views derived from the code's rules: always the running code's.
    await client.query('BEGIN');
    try {
      await client.query(adStateSql());
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw new Error(`derived SQL failed: ${(error as Error).message}`);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    client.release();
  }
  return applied;
}
