import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}

/**
 * One PostgreSQL for the whole run: the server given by TEST_DATABASE_URL (CI
 * runs the suites again against 127.0.0.1:5432), or an embedded one of our own.
 * Each test file then makes its own database on it.
 */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (external) {
    project.provide('adminDatabaseUrl', external);
    return;
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'adboard-test-pg-'));
  const pg = await startEmbeddedPostgres(dir, () => undefined);
  project.provide('adminDatabaseUrl', pg.url);
  return async () => {
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
