import { describe, expect, it } from 'vitest';
import { csvCell, csvRecord } from './csv.js';

describe('CSV cells: RFC 4180 and no formula a spreadsheet would run', () => {
  it('quotes every cell and doubles its quotes; commas and line breaks stay inside', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('she said "no", then left\r\nfor good')).toBe(
      '"she said ""no"", then left\r\nfor good"',
    );
    expect(csvCell(null)).toBe('""');
  });

  it('puts an apostrophe before a cell that starts a formula (= + - @ tab CR)', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${start}HYPERLINK("http://x")`)).toBe(`"'${start}HYPERLINK(""http://x"")"`);
    }
    expect(csvCell('a=1')).toBe('"a=1"');
  });

  it('marks a cell that starts with an apostrophe too, so one dropped apostrophe reads back', () => {
    expect(csvCell("'=1+1")).toBe(`"''=1+1"`);
  });

  it('ends each record with CRLF', () => {
    expect(csvRecord(['1', null, '=2'])).toBe(`"1","","'=2"\r\n`);
  });
});
