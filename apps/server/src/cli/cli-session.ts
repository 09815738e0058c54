import type { PhotoStorage } from '../adapters/storage/photo-storage.js';
import {
  composeServices,
  openPhotoStorage,
  type ServiceOverrides,
  type Services,
} from '../composition.js';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { attachEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded-postgres.js';
import { migrate } from '../db/migrate.js';
import { migrationsDir } from '../db/migrations-dir.js';

/**
 * What a command runs on, opened the first time it asks and closed after: the
 * database of the settings (DATABASE_URL, or the embedded one under DATA_DIR: the
 * running server's, or one started for the command), and the same services the
 * server composes (composition.ts), its queue started so that a change sends its
 * jobs as the console's would.
 */
export interface CliSession {
  readonly config: Config;
  /** The database's address, without migrating it (restore needs it empty). */
  databaseUrl(): Promise<string>;
  /** The photo storage of the settings (the services' own), without opening the database. */
  storage(): PhotoStorage;
  /** The services, on a database migrated as a server start migrates it. */
  services(): Promise<Services>;
  /**
   * The same services on the database as it is: nothing migrated, the queue not
   * started (for a command that only looks, such as `health`).
   */
  servicesAsTheyAre(): Promise<Services>;
  database(): Promise<Database>;
  close(): Promise<void>;
}

export function openCliSession(config: Config, overrides: ServiceOverrides = {}): CliSession {
  let embedded: Promise<EmbeddedPostgres | null> | null = null;
  let composed: Promise<Services> | null = null;
  let services: Promise<Services> | null = null;
  let photoStore: { storage: PhotoStorage; close(): void } | null = null;
  const storage = () => {
    photoStore ??= openPhotoStorage(config, overrides.storage);
    return photoStore.storage;
  };

  const databaseUrl = async () => {
    if (config.databaseUrl) return config.databaseUrl;
    embedded ??= attachEmbeddedPostgres(config.dataDir);
    const started = await embedded;
    if (!started) throw new Error('no database');
    return started.url;
  };

  const compose = async () => {
    const url = await databaseUrl();
    return composeServices(config, url, {
      databasePoolMax: 4,
      ...overrides,
      storage: storage(),
    });
  };
  const servicesAsTheyAre = () => {
    composed ??= compose();
    return composed;
  };
  // Closed by close() whether or not this succeeds.
  const openServices = async () => {
    const opened = await servicesAsTheyAre();
    await migrate(opened.database.pool, migrationsDir);
    await opened.queue.start();
    return opened;
  };

  return {
    config,
    databaseUrl,
    storage,
    services() {
      services ??= openServices();
      return services;
    },
    servicesAsTheyAre,
    async database() {
      return (await this.services()).database;
    },
    async close() {
      const opened = composed;
      composed = null;
      services = null;
      if (opened) await (await opened.catch(() => null))?.close();
      photoStore?.close();
      photoStore = null;
      const db = embedded;
      embedded = null;
      if (db) await (await db.catch(() => null))?.stop();
    },
  };
}
