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

/**
 * Runs `work` on one connection of the pool between `begin` (a BEGIN, with any
 * SET LOCAL after it, sent as one round trip) and COMMIT; ROLLBACK when it throws.
 */
export async function inTransaction<T>(
  pool: pg.Pool,
  begin: string,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(begin);
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

export function openDatabase(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // An idle client that loses its server must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema });
  return {
    pool,
    db,
    async transaction(work) {
      const committed: (() => void)[] = [];
      const result = await inTransaction(pool, 'BEGIN', (client) =>
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
