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

  it('neutralises text cells a spreadsheet would run as a formula (OWASP CSV injection): = + - @ tab CR', () => {
    const attacks = ['=HYPERLINK("http://evil.example","x")', '+1+cmd|/c calc', '-2+3', '@SUM(A1)', '\t=1', '\r=1'];
    expect(attacks.map(csvValue)).toEqual([
      `"'=HYPERLINK(""http://evil.example"",""x"")"`,
      "'+1+cmd|/c calc",
      "'-2+3",
      "'@SUM(A1)",
      "'\t=1",
      `"'\r=1"`,
    ]);
    // Through the whole writer too: the server's ?format=csv and the page exports share csvText.
    expect(csvText(['Name'], [['=1+1']])).toBe("Name\r\n'=1+1\r\n");
  });

  it('keeps numbers numbers: negative numbers, and text that is exactly a number, stay unprefixed', () => {
    expect([-1.5, -0.25, -3e-7, 2].map(csvValue)).toEqual(['-1.5', '-0.25', '-3e-7', '2']);
    expect(['-1.5', '+2', '-3e5', '-12%', '-1.5 '].map(csvValue)).toEqual(['-1.5', '+2', '-3e5', "'-12%", "'-1.5 "]);
    expect(['SPY', 'a=b', ''].map(csvValue)).toEqual(['SPY', 'a=b', '']);
  });
});
