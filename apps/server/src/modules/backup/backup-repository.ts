import type { BackupCounts } from '@adboard/shared';
import type pg from 'pg';

/**
 * What a backup reads of the whole database: its version, its last migration, the
 * rows it counts, the photos it lists, and (for a restore) whether it holds anything.
 */
type Queryable = Pick<pg.PoolClient, 'query'>;

/**
 * Opens a read-only snapshot on `client` and exports it: pg_dump given its id
 * (`--snapshot`) copies what every query on `client` reads, until `endSnapshot`.
 */
export async function beginSnapshot(client: Queryable): Promise<string> {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  const { rows } = await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id');
  const id = rows[0]?.id;
  if (!id) throw new Error('no snapshot exported');
  return id;
}

export async function endSnapshot(client: Queryable): Promise<void> {
  await client.query('COMMIT');
}

export async function serverMajorVersion(client: Queryable): Promise<number> {
  const { rows } = await client.query<{ num: number }>(
    "SELECT current_setting('server_version_num')::int AS num",
  );
  return Math.floor(Number(rows[0]?.num ?? 0) / 10_000);
}

/** The last migration applied (in name order, as they are applied); null: none ever. */
export async function lastMigration(client: Queryable): Promise<string | null> {
  const { rows: table } = await client.query<{ exists: boolean }>(
    "SELECT to_regclass('public.schema_migrations') IS NOT NULL AS exists",
  );
  if (!table[0]?.exists) return null;
  const { rows } = await client.query<{ version: string | null }>(
    'SELECT max(version) AS version FROM schema_migrations',
  );
  return rows[0]?.version ?? null;
}

/** The rows of the main tables. */
export async function countRows(client: Queryable): Promise<Omit<BackupCounts, 'photoFiles'>> {
  const { rows } = await client.query<Record<string, string>>(
    `SELECT (SELECT count(*) FROM users) AS users,
            (SELECT count(*) FROM ads) AS ads,
            (SELECT count(*) FROM photos) AS photos,
            (SELECT count(*) FROM payment_orders) AS payment_orders,
            (SELECT count(*) FROM refunds) AS refunds,
            (SELECT count(*) FROM audit_log) AS audit_entries`,
  );
  const row = rows[0] ?? {};
  return {
    users: Number(row.users),
    ads: Number(row.ads),
    photos: Number(row.photos),
    paymentOrders: Number(row.payment_orders),
    refunds: Number(row.refunds),
    auditEntries: Number(row.audit_entries),
  };
}

/** Every photo row: each has its files in the storage. */
export async function listPhotoRows(client: Queryable): Promise<{ adId: number; id: string }[]> {
  const { rows } = await client.query<{ ad_id: string; id: string }>(
    'SELECT ad_id, id FROM photos ORDER BY ad_id, id',
  );
  return rows.map((row) => ({ adId: Number(row.ad_id), id: row.id }));
}

/** The tables of the database, outside PostgreSQL's own schemas (`schema.table`). */
export async function listTables(client: Queryable): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT schemaname || '.' || tablename AS name FROM pg_tables
     WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
  );
  return rows.map((row) => row.name);
}
