import { csvText, escapeCsvField } from '@tapewatch/shared/csv';
import type { CsvColumn } from '@tapewatch/shared/api/csv-columns';

// The one escaper, shared with the API's ?format=csv; re-exported for the page-level exports.
export { escapeCsvField };

/**
 * CSV of the rows as the table holds them (filtered and sorted, all pages, every column, hidden
 * ones included). Raw values, not display text, so numbers stay numbers in a spreadsheet. The
 * columns are the table's own, or for a table the API also serves as CSV, the shared registry.
 */
export function toCsv<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string {
  return csvText(
    columns.map((c) => c.header),
    rows.map((row) => columns.map((c) => c.value(row))),
  );
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
