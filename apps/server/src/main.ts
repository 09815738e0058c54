import { ConfigError, loadConfig } from './config.js';
import { migrateDatabase, migrateReport } from './migrate-database.js';
import { keepRunningWithoutOutput, stopOnEveryEnd } from './process-end.js';
import { RoleError, roleOf } from './role.js';
import { startServer, type RunningServer } from './server.js';

const say = (line: string) => process.stderr.write(`${line}\n`);

/**
 * Entry point: settings, the role (`--web`, `--worker`, or both), then the server.
 * Whatever ends the process stops it cleanly, the embedded database with it
 * (process-end.ts), from the first moment: a signal during the start waits for
 * the start, then stops what it started.
 */
async function main(): Promise<void> {
  keepRunningWithoutOutput([process.stdout, process.stderr]);
  // The channel `npm start` (scripts/start.mjs) opens: its end says that script is gone.
  process.channel?.unref();
  let config;
  let role;
  const args = process.argv.slice(2);
  try {
    config = loadConfig();
    if (args.includes('--migrate')) {
      if (args.length > 1)
        throw new RoleError('--migrate applies the migrations and ends: give it alone');
      say(migrateReport(await migrateDatabase(config)));
      return;
    }
    role = roleOf(args, config.runJobs);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof RoleError) {
      say(`Cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const starting = startServer(config, role);
  const started = starting.catch((): RunningServer | null => null);
  stopOnEveryEnd(process, async () => (await started)?.stop(), { say });
  await starting;
}

main().catch((error: unknown) => {
  say(`Cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
