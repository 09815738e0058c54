import { inject } from 'vitest';
import { createDatabaseOn, type TestDatabase } from './database-on.js';

export type { TestDatabase };

/** A fresh, empty database on the run's PostgreSQL, dropped when the file is done. */
export async function createTestDatabase(): Promise<TestDatabase> {
  return createDatabaseOn(inject('adminDatabaseUrl'), 'adboard_test');
}
