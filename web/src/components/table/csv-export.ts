import type { ColumnDef } from './table-logic.ts';

/** One CSV field: quoted when it holds a quote, comma or line break (RFC 4180). */
export const escapeCsvField = (v: string): string => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/**
 * CSV of the rows as the table holds them (filtered and sorted, all pages, every column, hidden
 * ones included). Raw values, not display text, so numbers stay numbers in a spreadsheet.
 */
export function toCsv<Row>(rows: readonly Row[], columns: readonly ColumnDef<Row>[]): string {
  const lines = [columns.map((c) => escapeCsvField(c.header)).join(',')];
  for (const row of rows) {
    lines.push(
      columns
        .map((c) => {
          const v = c.value(row);
          return v === null || v === undefined || (typeof v === 'number' && !Number.isFinite(v))
            ? ''
            : escapeCsvField(String(v));
        })
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName.endsWith('.csv') ? fileName : `${fileName}.csv`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
