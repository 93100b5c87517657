/**
 * CSV (RFC 4180) that is safe to open in a spreadsheet: a cell that starts with = + - @ tab or CR
 * would run as a formula, so it gets a leading single quote (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  let s = value === null || value === undefined ? "" : value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A whole file: a header row and one row per record, CRLF line ends, with a BOM so Excel reads UTF-8. */
export function toCsv<T>(columns: { header: string; value: (row: T) => unknown }[], rows: T[]): string {
  const lines = [columns.map((c) => csvCell(c.header)).join(",")];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row))).join(","));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
