import { chmod, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  runningEmbeddedPostgresUrl,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from '../src/db/embedded-postgres.js';

/** The address the server sees for this connection: null over a Unix socket. */
async function clientAddress(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ addr: string | null }>(
      'SELECT host(inet_client_addr()) AS addr',
    );
    return rows[0]?.addr ?? null;
  } finally {
    await client.end();
  }
}

describe('the embedded database is reached through a Unix socket in its own folder', () => {
  let dir: string;
  let embedded: EmbeddedPostgres;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'adboard-socket-'));
    embedded = await startEmbeddedPostgres(dir, () => undefined);
  });

  afterAll(async () => {
    await embedded?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it("connects the server's own connections through the socket, with the password", async () => {
    const url = new URL(embedded.url);
    expect(url.searchParams.get('host')).toBe(path.join(dir, 'postgres'));
    expect(await clientAddress(embedded.url)).toBeNull();
    // The socket asks for the password as TCP does.
    url.password = 'wrong';
    await expect(clientAddress(url.toString())).rejects.toThrow(/password/);
  });

  it('keeps the socket in the data folder, which only its owner may open', async () => {
    const port = new URL(embedded.url).port;
    const socket = path.join(dir, 'postgres', `.s.PGSQL.${port}`);
    expect((await stat(socket)).isSocket()).toBe(true);
    expect((await stat(path.join(dir, 'postgres'))).mode & 0o077).toBe(0);
  });

  it('gives tools beside the running server its TCP address on 127.0.0.1', async () => {
    const tools = await runningEmbeddedPostgresUrl(dir);
    expect(tools).not.toBeNull();
    expect(await clientAddress(tools ?? '')).toBe('127.0.0.1');
  });
});

describe('a data folder too deep for a Unix socket', () => {
  it('starts the embedded database on TCP only', async () => {
    const base = await mkdtemp(path.join(os.tmpdir(), 'adboard-deep-'));
    // Open to the database's own user when the tests run as root.
    await chmod(base, 0o755);
    // Linux keeps a socket's path in 108 bytes: this folder's would not fit.
    const dir = path.join(base, 'x'.repeat(60), 'y'.repeat(40));
    await mkdir(dir, { recursive: true });
    const embedded = await startEmbeddedPostgres(dir, () => undefined);
    try {
      expect(new URL(embedded.url).searchParams.get('host')).toBeNull();
      expect(await clientAddress(embedded.url)).toBe('127.0.0.1');
    } finally {
      await embedded.stop();
      await rm(base, { recursive: true, force: true });
    }
  });
});
