import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isAlive } from '../../src/db/embedded-postgres.js';

/** The pid of the embedded PostgreSQL running on `dataDir` (a server's DATA_DIR), or null. */
export async function embeddedPostmasterPid(dataDir: string): Promise<number | null> {
  const file = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(file)) return null;
  const pid = Number((await readFile(file, 'utf8')).split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/**
 * Stops a PostgreSQL a failed test left running on `dataDir` (SIGQUIT: at once),
 * so that it does not outlive the test run.
 */
export async function stopLeftovers(dataDir: string): Promise<void> {
  const pid = await embeddedPostmasterPid(dataDir);
  if (pid === null || !isAlive(pid)) return;
  process.kill(pid, 'SIGQUIT');
  for (let i = 0; i < 50 && isAlive(pid); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
