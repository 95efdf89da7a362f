/**
 * CSV as RFC 4180 writes it (docs/reports.md, "CSV"): a header row, CRLF line ends, a field quoted when
 * it holds a comma, a quote, CR or LF (quotes doubled). A text cell that starts with `=`, `+`, `-`, `@`,
 * a tab or a carriage return is made inert for spreadsheets by a leading `'`. A number cell (a JavaScript
 * number, or the decimal string of a money figure, in a column that is not text) stays as it is, a
 * negative one included.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;

export function csvCell(value: unknown, isText: boolean): string {
  if (value === null || value === undefined) return '';
  const isNumber = !isText && (typeof value === 'number' || (typeof value === 'string' && NUMBER.test(value)));
  let text = String(value);
  if (!isNumber && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The rows as CSV under `columns` (each row's value of each column, in order); `textColumns` are never numbers. */
export function toCsv(columns: readonly string[], rows: ReadonlyArray<Record<string, unknown>>, textColumns: ReadonlySet<string>): string {
  const header = columns.map((c) => csvCell(c, true)).join(',');
  const lines = rows.map((row) => columns.map((c) => csvCell(row[c], textColumns.has(c))).join(','));
  return [header, ...lines].join('\r\n') + '\r\n';
}
