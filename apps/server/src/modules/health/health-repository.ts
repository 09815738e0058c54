import type pg from 'pg';

/** The smallest query there is: it fails when the database does not answer. */
export async function pingDatabase(pool: pg.Pool): Promise<void> {
  await pool.query('SELECT 1');
}
