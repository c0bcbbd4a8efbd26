/** One CSV field: quoted when it holds a quote, comma or line break (RFC 4180). */
export const escapeCsvField = (v: string): string => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** Text a spreadsheet reads as a formula (OWASP, CSV injection): it starts with = + - @, a tab or a CR. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Text that is exactly a decimal number ("-1.5", "+2", "-3e5"): a spreadsheet reads it as that number, never a formula. */
const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * A text cell a spreadsheet would run as a formula gets a leading single quote, as OWASP recommends.
 * The rule: numbers are written as they are (a negative number stays a number), and so is text
 * that is exactly a decimal number; every other text starting with = + - @, a tab or a CR is
 * prefixed ("-12%" becomes "'-12%", "=1+1" becomes "'=1+1").
 */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** A raw value as a field: empty for null, undefined and non-finite numbers, so a spreadsheet reads gaps. */
export function csvValue(v: unknown): string {
  if (v === null || v === undefined || (typeof v === 'number' && !Number.isFinite(v))) return '';
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return escapeCsvField(neutraliseFormula(typeof v === 'object' ? JSON.stringify(v) : String(v)));
}

/** A header line and one line per row, CRLF-terminated (RFC 4180). */
export function csvText(headers: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const lines = [headers.map(escapeCsvField).join(',')];
  for (const row of rows) lines.push(row.map(csvValue).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
