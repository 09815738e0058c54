// The server suites CI runs a second time against the PostgreSQL server on
// 127.0.0.1:5432 (`.ci/run`), after `npm test` has run every suite on the embedded
// one. Not every suite: those whose outcome rests on the database engine itself
// (migrations and the schema, SQL views and functions, locks and concurrent writers,
// several servers on one database, pg_dump and pg_restore against a server of another
// build), where two PostgreSQL builds could answer differently. The rest runs the
// same SQL through the same code, and its second run only cost CI time.
export const engineSuites = [
  'apps/server/test/schema-drift.test.ts',
  'apps/server/test/migrate-command.test.ts',
  'apps/server/test/money-invariant.test.ts',
  'apps/server/test/lifecycle-table.test.ts',
  'apps/server/test/lifecycle-expiry.test.ts',
  'apps/server/test/lifecycle-defects.test.ts',
  'apps/server/test/public-visibility.test.ts',
  'apps/server/test/idempotency.test.ts',
  'apps/server/test/payments-restart.test.ts',
  'apps/server/test/payments-refunds.test.ts',
  'apps/server/test/jobs-across-workers.test.ts',
  'apps/server/test/shared-state-redis.test.ts',
  'apps/server/test/account-sessions.test.ts',
  'apps/server/test/cluster/several-servers.test.ts',
  'apps/server/test/crash/crash-safety.test.ts',
  'apps/server/test/cli/backup-restore-drill.test.ts',
];
