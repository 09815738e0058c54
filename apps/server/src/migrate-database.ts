import type { Config } from './config.js';
import { openDatabase } from './db/database.js';
import { startEmbeddedPostgres } from './db/embedded-postgres.js';
import { migrate } from './db/migrate.js';
import { migrationsDir } from './db/migrations-dir.js';
import { seedLocations } from './modules/locations/seed-locations.js';

/**
 * `--migrate` (`npm run migrate`): applies the migrations and the cities they need,
 * then ends; no HTTP, no jobs. A rolling update runs it once, before the new
 * version's servers start (docs/operations.md, Deployment); a server started without
 * it applies what is missing itself, under the same advisory lock.
 */
export async function migrateDatabase(config: Config): Promise<string[]> {
  const embedded = config.databaseUrl
    ? null
    : await startEmbeddedPostgres(config.dataDir, () => undefined);
  const database = openDatabase(config.databaseUrl ?? embedded?.url ?? '', { max: 2 });
  try {
    const applied = await migrate(database.pool, migrationsDir);
    await seedLocations(database);
    return applied;
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

/** What `--migrate` says when it is done. */
export function migrateReport(applied: readonly string[]): string {
  return applied.length === 0
    ? 'database up to date: no migration to apply'
    : `migrations applied: ${applied.length} (${applied.join(', ')})`;
}
