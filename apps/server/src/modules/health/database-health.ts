import type pg from 'pg';

/** Whether the database answers a trivial query now. */
export async function databaseAnswers(pool: pg.Pool): Promise<boolean> {
  try {
    await pool.query('SELECT 1');
    return true;
  } catch {
    return false;
  }
}
