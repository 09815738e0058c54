import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  auditExportColumns,
  cliAuditExportInputSchema,
  cliAuditMessages as m,
  type AuditExportFormat,
} from '@adboard/shared';
import {
  readAuditOfPeriod,
  type ExportedAuditEntry,
} from '../../modules/moderation/audit-export.js';
import { CliRefusal, defineCommand, type CliIo } from '../command.js';
import { csvRecord } from '../csv.js';

type Column = (typeof auditExportColumns)[number];

/** A column's value as JSON has it: the entry's own, before and after as objects. */
function columnValue(entry: ExportedAuditEntry, column: Column) {
  return entry[column];
}

/** A column's value as a CSV cell: text, before and after as JSON text, null empty. */
function cellOf(entry: ExportedAuditEntry, column: Column): string | null {
  const value = columnValue(entry, column);
  return value === null || typeof value === 'string' ? value : JSON.stringify(value);
}

interface ExportFormat {
  start: string;
  entry(entry: ExportedAuditEntry, first: boolean): string;
  end: string;
}

/**
 * CSV: a header, then one RFC 4180 record per entry. JSON: one array, an entry a
 * line, so that the whole is one document and a line tool still sees the entries.
 */
const formats: Record<AuditExportFormat, ExportFormat> = {
  csv: {
    start: csvRecord(auditExportColumns),
    entry: (entry) => csvRecord(auditExportColumns.map((column) => cellOf(entry, column))),
    end: '',
  },
  json: {
    start: '[',
    entry: (entry, first) =>
      `${first ? '\n' : ',\n'}${JSON.stringify(
        Object.fromEntries(
          auditExportColumns.map((column) => [column, columnValue(entry, column)]),
        ),
      )}`,
    end: '\n]\n',
  },
};

interface Sink {
  write(text: string): Promise<void>;
  close(): Promise<void>;
  /** After a failure: a half-written file is not left as if it were the export. */
  discard(): Promise<void>;
}

/** A new file, never an existing one (opened with O_EXCL). */
async function newFile(file: string): Promise<Sink> {
  const handle = await open(file, 'wx').catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'EEXIST' ? new CliRefusal(m.outExists(file)) : error;
  });
  return {
    write: async (text) => {
      await handle.write(text);
    },
    close: () => handle.close(),
    discard: async () => {
      await handle.close().catch(() => undefined);
      await rm(file, { force: true });
    },
  };
}

function standardOutput(io: CliIo): Sink {
  return {
    write: async (text) => io.write(text),
    close: async () => undefined,
    discard: async () => undefined,
  };
}

/** `audit-export`: the entries of a period, read as they are; reading writes no entry. */
export const auditExportCommand = defineCommand({
  name: 'audit-export',
  summary: m.auditExportSummary,
  usage: '--from <date> --to <date> [--format csv|json] [--out <file>]',
  options: {
    from: { type: 'string', value: '<date>', description: m.fromOption },
    to: { type: 'string', value: '<date>', description: m.toOption },
    format: { type: 'string', value: '<format>', description: m.formatOption },
    out: { type: 'string', value: '<file>', description: m.outOption },
  },
  input: cliAuditExportInputSchema,
  async run(context, input) {
    // Said whole: `npm run cli` runs in the project's folder, not where it was typed.
    const file = input.out === undefined ? null : path.resolve(input.out);
    const sink = file ? await newFile(file) : standardOutput(context.io);
    const format = formats[input.format];
    let count = 0;
    try {
      const database = await context.session.database();
      await sink.write(format.start);
      await database.transaction((tx) =>
        readAuditOfPeriod(tx, input, async (entries) => {
          await sink.write(entries.map((entry) => format.entry(entry, count++ === 0)).join(''));
        }),
      );
      await sink.write(format.end);
      await sink.close();
    } catch (error) {
      await sink.discard();
      throw error;
    }
    if (file) context.io.out(m.exportedTo(count, file));
    else context.io.err(m.exported(count));
  },
});
