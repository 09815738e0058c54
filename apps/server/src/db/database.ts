import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.js';

export type Db = NodePgDatabase<typeof schema>;

/** A database handle bound to one connection inside a transaction, plus that connection. */
export interface Tx {
  db: Db;
  client: pg.PoolClient;
  /**
   * Work for once this transaction has committed (telling other servers what
   * changed): run right after COMMIT, never after a rollback. It must not throw
   * nor wait: what it follows is already stored.
   */
  afterCommit(work: () => void): void;
}

export interface Database {
  pool: pg.Pool;
  db: Db;
  /** Runs `work` in one transaction; everything it enqueues commits with it. */
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Runs `work` on one connection of the pool inside BEGIN and COMMIT; ROLLBACK when it throws. */
async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * How every connection of the app plans its statements, asked for when it opens (in
 * its startup packet, beside any `options` the operator's URL gives):
 * - no parallel workers: the app's reads are short and bounded (a page, a count up to
 *   a cap); starting workers costs more than they save, and takes the cores that other
 *   requests need;
 * - prepared statements planned once per connection (a generic plan): the named ones
 *   are the public pages' reads, run on every visit, whose plans do not depend on the
 *   values (a city, a page, a rotation's pivot); planning each run cost more than it
 *   saved. Statements sent without a name are planned for their values as before.
 */
export const statementSettings = {
  max_parallel_workers_per_gather: '0',
  plan_cache_mode: 'force_generic_plan',
} as const;

/** The database URL with `statementSettings` added to its `options`. */
export function withStatementSettings(url: string): string {
  const parsed = new URL(url);
  const own = parsed.searchParams.get('options');
  const ours = Object.entries(statementSettings).map(([name, value]) => `-c ${name}=${value}`);
  parsed.searchParams.set('options', [own, ...ours].filter(Boolean).join(' '));
  return parsed.toString();
}

/** `max`: the pool's size (the server's is DATABASE_POOL_MAX, config.ts). */
export function openDatabase(url: string, options: { max: number }): Database {
  const pool = new pg.Pool({ connectionString: withStatementSettings(url), max: options.max });
  // An idle client that loses its server must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema });
  return {
    pool,
    db,
    async transaction(work) {
      const committed: (() => void)[] = [];
      const result = await inTransaction(pool, (client) =>
        work({
          db: drizzle(client, { schema }),
          client,
          afterCommit: (job) => void committed.push(job),
        }),
      );
      for (const job of committed) job();
      return result;
    },
    async close() {
      await pool.end();
    },
  };
}
