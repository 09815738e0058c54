import type { Database } from '../../db/database.js';
import { pingDatabase } from './health-repository.js';

/** Whether the database answers a trivial query now. */
export async function databaseAnswers(pool: Database['pool']): Promise<boolean> {
  try {
    await pingDatabase(pool);
    return true;
  } catch {
    return false;
  }
}
