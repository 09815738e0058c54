import type { Database } from '../../db/database.js';
import { pingDatabase } from './health-repository.js';

/** Resolves when the database answers a trivial query now. */
export async function probeDatabase(pool: Database['pool']): Promise<void> {
  await pingDatabase(pool);
}
