/**
 * One CSV field (RFC 4180): quoted when it holds a quote, comma or line break, and prefixed
 * with `'` when it starts like a spreadsheet formula (`=`, `+`, `-`, `@`), so opening the
 * file in Excel or Sheets never runs it.
 */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows of fields as CSV text with CRLF line ends. */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
