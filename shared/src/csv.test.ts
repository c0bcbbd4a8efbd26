import { describe, expect, it } from 'vitest';
import { csvText, csvValue, escapeCsvField } from './csv.ts';

describe('CSV', () => {
  it('quotes fields with quotes, commas and line breaks, doubling the quotes', () => {
    expect(escapeCsvField('plain')).toBe('plain');
    expect(escapeCsvField('a,b')).toBe('"a,b"');
    expect(escapeCsvField('say "hi"')).toBe('"say ""hi"""');
    expect(escapeCsvField('two\nlines')).toBe('"two\nlines"');
  });

  it('leaves gaps for null and non-finite numbers, keeps numbers raw', () => {
    expect([null, undefined, Number.NaN, 1.5, 0, false].map(csvValue)).toEqual(['', '', '', '1.5', '0', 'false']);
  });

  it('writes a header and CRLF-terminated lines', () => {
    expect(
      csvText(
        ['Ticker', '%Float Short'],
        [
          ['A,B', 1],
          ['C', null],
        ],
      ),
    ).toBe('Ticker,%Float Short\r\n"A,B",1\r\nC,\r\n');
  });
});
