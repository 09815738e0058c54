import pg from 'pg';
import type { Db } from '../../db/database.js';

/**
 * Runs hand-written SQL (the console's reads too involved for the query builder)
 * on the connection behind a drizzle handle: the pool for a read, the chain's
 * transaction client for a write, so a write's answer sees its own changes.
 * Through pg itself, not `db.execute`: drizzle leaves timestamps as text there,
 * and these rows are read as `Date`s.
 */
export async function queryRows<R extends pg.QueryResultRow>(
  db: Db,
  text: string,
  values: unknown[],
): Promise<R[]> {
  // Drizzle keeps the connection it was given as `$client`; Db's type leaves it out.
  const client: unknown = '$client' in db ? db.$client : undefined;
  if (!(client instanceof pg.Pool || client instanceof pg.Client)) {
    throw new Error('the database handle holds no pg connection');
  }
  const { rows } = await client.query<R>(text, values);
  return rows;
}
