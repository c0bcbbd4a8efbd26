import { describe, expect, it } from 'vitest';
import { toCsv } from './csv-export.ts';
import type { ColumnDef } from './table-logic.ts';

interface Row {
  ticker: string;
  name: string;
  value: number | null;
}
const columns: ColumnDef<Row>[] = [
  { id: 'ticker', header: 'Ticker', value: (r) => r.ticker },
  { id: 'name', header: 'Name', value: (r) => r.name, tier: 3 },
  { id: 'value', header: 'Short Vol. %', value: (r) => r.value, format: (r) => `${r.value}%` },
];

describe('toCsv', () => {
  it('writes raw values of every column with CRLF lines and RFC 4180 quoting', () => {
    const csv = toCsv<Row>(
      [
        { ticker: 'BRK.B', name: 'Berkshire Hathaway, Inc. "B"', value: 41.5 },
        { ticker: 'X', name: 'United States Steel', value: null },
      ],
      columns,
    );
    expect(csv).toBe(
      'Ticker,Name,Short Vol. %\r\nBRK.B,"Berkshire Hathaway, Inc. ""B""",41.5\r\nX,United States Steel,\r\n',
    );
  });
});
