import { describe, expect, it } from 'vitest';
import { cliAuditExportInputSchema, cliAuditMessages } from './audit-commands.js';

function problem(input: Record<string, unknown>) {
  const parsed = cliAuditExportInputSchema.safeParse(input);
  return parsed.success ? null : parsed.error.issues.map((i) => [i.path[0], i.message]);
}

describe('the period of an audit export', () => {
  it('takes --from at the start of its UTC day and --to through the end of its day', () => {
    const parsed = cliAuditExportInputSchema.parse({ from: '2024-03-01', to: '2024-03-31' });
    expect(parsed.from.toISOString()).toBe('2024-03-01T00:00:00.000Z');
    expect(parsed.to.toISOString()).toBe('2024-04-01T00:00:00.000Z');
    expect(parsed.format).toBe('csv');
  });

  it('takes instants with their zone as they are, --to excluded', () => {
    const parsed = cliAuditExportInputSchema.parse({
      from: '2024-03-01T10:00:00+02:00',
      to: '2024-03-01T12:30:00Z',
      format: 'json',
    });
    expect(parsed.from.toISOString()).toBe('2024-03-01T08:00:00.000Z');
    expect(parsed.to.toISOString()).toBe('2024-03-01T12:30:00.000Z');
  });

  it('is one whole day when --from and --to name the same day', () => {
    const parsed = cliAuditExportInputSchema.parse({ from: '2024-02-29', to: '2024-02-29' });
    expect(parsed.to.getTime() - parsed.from.getTime()).toBe(24 * 3600 * 1000);
  });

  it('refuses days that do not exist, instants without a zone and other words', () => {
    for (const from of ['2023-02-29', '2024-3-1', '2024-03-01T10:00:00', 'yesterday']) {
      expect(problem({ from, to: '2024-04-01' })).toEqual([
        ['from', cliAuditMessages.boundInvalid],
      ]);
    }
  });

  it('refuses a period that ends before it starts, or is empty, on --to', () => {
    expect(problem({ from: '2024-03-02', to: '2024-03-01' })).toEqual([
      ['to', cliAuditMessages.periodBackwards],
    ]);
    const instant = '2024-03-01T10:00:00Z';
    expect(problem({ from: instant, to: instant })).toEqual([
      ['to', cliAuditMessages.periodBackwards],
    ]);
  });

  it('refuses an unknown format', () => {
    expect(problem({ from: '2024-03-01', to: '2024-03-01', format: 'xml' })).toEqual([
      ['format', cliAuditMessages.formatUnknown],
    ]);
  });
});
