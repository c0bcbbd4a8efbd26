/** One CSV field: quoted when it holds a quote, comma or line break (RFC 4180). */
export const escapeCsvField = (v: string): string => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** A raw value as a field: empty for null, undefined and non-finite numbers, so a spreadsheet reads gaps. */
export function csvValue(v: unknown): string {
  if (v === null || v === undefined || (typeof v === 'number' && !Number.isFinite(v))) return '';
  return escapeCsvField(typeof v === 'object' ? JSON.stringify(v) : String(v));
}

/** A header line and one line per row, CRLF-terminated (RFC 4180). */
export function csvText(headers: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const lines = [headers.map(escapeCsvField).join(',')];
  for (const row of rows) lines.push(row.map(csvValue).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
