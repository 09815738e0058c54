/**
 * What a spreadsheet would read as a formula when a cell starts with it (OWASP, "CSV
 * Injection": = + - @ tab and carriage return), and the apostrophe that neutralises
 * them, itself marked so that reading back is exact: drop one leading apostrophe.
 */
const unsafeStart = /^[=+\-@\t\r']/;

/** One cell: always quoted, quotes doubled (RFC 4180 2.5-2.7); null is an empty cell. */
export function csvCell(value: string | null): string {
  const text = value ?? '';
  const safe = unsafeStart.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** One record, ended by CRLF (RFC 4180 2.1); line breaks inside a cell stay inside its quotes. */
export function csvRecord(cells: readonly (string | null)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
