import { z } from 'zod';
import { textSchema } from '../schemas/common.js';
import { cliMessages } from './cli-messages.js';

/** audit-export at the command line: what it says and what it accepts. */
export const cliAuditMessages = {
  auditExportSummary: 'export the audit log of a period as CSV or JSON (for a lawyer, an auditor)',
  fromOption: 'the first day (YYYY-MM-DD, UTC), or an instant (2024-05-01T08:00:00Z), included',
  toOption: 'the last day, included whole; or an instant, excluded',
  formatOption: 'csv (the default) or json',
  outOption: 'write to this new file (never overwritten) instead of standard output',
  boundInvalid: 'give a day as YYYY-MM-DD or an instant with its zone, as 2024-05-01T08:00:00Z',
  periodBackwards: 'the period must end after it starts (--to after --from)',
  formatUnknown: 'give csv or json',
  outInvalid: 'give the name of a file to create',
  outExists: (file: string) =>
    `${file} exists already: an export never overwrites a file, name a new one`,
  exported: (count: number) => `exported ${count} audit ${count === 1 ? 'entry' : 'entries'}`,
  exportedTo: (count: number, file: string) =>
    `exported ${count} audit ${count === 1 ? 'entry' : 'entries'} to ${file}`,
} as const;

/**
 * The export's columns, in order: the CSV's header and the JSON objects' keys. Every
 * column of the audit log: when (ISO 8601, UTC), the actor (its account id, empty for
 * the CLI's operator, and email or `cli:<user>`), what was done to which item, why,
 * and the item before and after as JSON.
 */
export const auditExportColumns = [
  'id',
  'createdAt',
  'actorId',
  'actorEmail',
  'action',
  'targetType',
  'targetId',
  'reason',
  'before',
  'after',
] as const;

export const auditExportFormats = ['csv', 'json'] as const;
export type AuditExportFormat = (typeof auditExportFormats)[number];

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const validDay = z.iso.date();
const validInstant = z.iso.datetime({ offset: true });

/** A bound as typed: a whole UTC day, or an instant with its zone (validated, not yet read). */
const boundSchema = z
  .string({ error: cliMessages.required })
  .trim()
  .refine((text) => validDay.safeParse(text).success || validInstant.safeParse(text).success, {
    error: cliAuditMessages.boundInvalid,
  });

/** The start of a day's UTC midnight, or the instant itself. */
function startOf(bound: string): Date {
  return new Date(dayPattern.test(bound) ? `${bound}T00:00:00Z` : bound);
}

/**
 * Where the period stops, excluded: after a day, the next day's midnight (the day
 * is included whole); an instant is the end itself.
 */
function endOf(bound: string): Date {
  const end = startOf(bound);
  if (dayPattern.test(bound)) end.setUTCDate(end.getUTCDate() + 1);
  return end;
}

/**
 * `--from` included, `--to` a last day included whole or an instant excluded: the
 * period is `[from, to)` with `to` the instant it stops at.
 */
export const cliAuditExportInputSchema = z
  .object({
    from: boundSchema,
    to: boundSchema,
    format: z.enum(auditExportFormats, { error: cliAuditMessages.formatUnknown }).default('csv'),
    out: textSchema({ error: cliAuditMessages.outInvalid })
      .min(1, { error: cliAuditMessages.outInvalid })
      .optional(),
  })
  .refine((input) => endOf(input.to) > startOf(input.from), {
    error: cliAuditMessages.periodBackwards,
    path: ['to'],
    // Only for bounds that read: a bad one is said once, as itself.
    when: (payload) => payload.issues.length === 0,
  })
  .transform((input) => ({ ...input, from: startOf(input.from), to: endOf(input.to) }));
export type CliAuditExportInput = z.infer<typeof cliAuditExportInputSchema>;
