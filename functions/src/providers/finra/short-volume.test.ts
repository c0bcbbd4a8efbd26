import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixtureBytes, fixtureText } from '../fixtures/load-fixture.ts';
import { garbageLine, insertLines } from '../fixtures/garbage-lines.ts';
import { MAX_SKIPPED_LINES } from '../parse-report.ts';
import { FINRA_SHORT_VOLUME_HEADER, formatFinraShortVolume, parseFinraShortVolume } from './short-volume.ts';
import type { ShortVolumeRow } from './short-volume.ts';

const FULL = 'finra/CNMSshvol20210427.txt.gz';
const full = fixtureText(FULL);

describe('parseFinraShortVolume on the real 2021-04-27 CNMS file', () => {
  const report = parseFinraShortVolume(full);

  it('is the byte-identical FINRA file named in SOURCES.md (git blob a6466b913973)', () => {
    const bytes = fixtureBytes(FULL);
    const blob = createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
    expect(blob.startsWith('a6466b913973')).toBe(true);
  });

  it('parses all 9,714 rows and the trailer matches', () => {
    expect(report.rows).toHaveLength(9714);
    expect(report.skipped).toBe(0);
    expect(report.skippedLines).toEqual([]);
    expect(report.trailerCount).toBe(9714);
    expect(report.trailerMatches).toBe(true);
  });

  it('reads known symbols exactly as printed in the file', () => {
    const bySymbol = new Map(report.rows.map((r) => [r.symbol, r]));
    expect(report.rows[0]).toEqual({
      date: '2021-04-27',
      symbol: 'A',
      shortVolume: 109763,
      shortExemptVolume: 1,
      totalVolume: 244138,
      markets: ['B', 'Q', 'N'],
    });
    expect(bySymbol.get('AAPL')).toMatchObject({
      shortVolume: 11757014,
      shortExemptVolume: 52235,
      totalVolume: 29876872,
    });
    expect(bySymbol.get('GME')).toMatchObject({ shortVolume: 2291953, shortExemptVolume: 44637, totalVolume: 3972777 });
    expect(bySymbol.get('SPY')).toMatchObject({
      shortVolume: 11360563,
      shortExemptVolume: 20769,
      totalVolume: 14733573,
    });
    expect(bySymbol.get('DMYQ/U')).toMatchObject({ shortVolume: 1500, totalVolume: 67396, markets: ['Q'] });
    expect(bySymbol.get('BACpL')).toMatchObject({
      shortVolume: 371,
      shortExemptVolume: 23,
      totalVolume: 873,
      markets: ['Q', 'N'],
    });
    expect(report.rows.at(-1)).toMatchObject({ symbol: 'ZYXI', shortVolume: 25385, totalVolume: 37909 });
    expect(new Set(report.rows.map((r) => r.date))).toEqual(new Set(['2021-04-27']));
  });

  it('formatFinraShortVolume reproduces the real file byte for byte', () => {
    expect(formatFinraShortVolume(report.rows)).toBe(full);
  });

  it('tolerates LF line endings, a BOM, blank lines and trailing spaces', () => {
    const lf = `\uFEFF${full.replaceAll('\r\n', '\n').replace('\n20210427|AA|', '\n\n  \n20210427|AA|')}\n\n`;
    const again = parseFinraShortVolume(lf);
    expect(again.rows).toEqual(report.rows);
    expect(again.skipped).toBe(0);
    expect(again.trailerMatches).toBe(true);
  });

  it('flags a truncated file through the trailer', () => {
    const lines = full.split('\r\n');
    lines.splice(100, 1);
    const cut = parseFinraShortVolume(lines.join('\r\n'));
    expect(cut.rows).toHaveLength(9713);
    expect(cut.trailerCount).toBe(9714);
    expect(cut.trailerMatches).toBe(false);
  });
});

describe('parseFinraShortVolume on the 2021-08-02 excerpt (samgozman/finra-short-api)', () => {
  it('reads 10 rows including a slash symbol, trailer 10', () => {
    const r = parseFinraShortVolume(fixtureText('finra/CNMSshvol20210802_excerpt_samgozman.txt'));
    expect(r.rows.map((x) => x.symbol)).toEqual([
      'AAL',
      'ABBV',
      'BLUE',
      'KEY',
      'POSH',
      'RDS/A',
      'SNOW',
      'TSLA',
      'ZYNE',
      'ZYXI',
    ]);
    expect(r.rows.find((x) => x.symbol === 'TSLA')).toEqual({
      date: '2021-08-02',
      symbol: 'TSLA',
      shortVolume: 5368275,
      shortExemptVolume: 56657,
      totalVolume: 14686076,
      markets: ['B', 'Q', 'N'],
    });
    expect(r.trailerCount).toBe(10);
    expect(r.trailerMatches).toBe(true);
  });
});

describe('malformed lines', () => {
  const file = [
    FINRA_SHORT_VOLUME_HEADER,
    '20210427|A|109763|1|244138|B,Q,N',
    '20210427|BAD|12|x|30|Q',
    '20210230|FEB|1|0|2|Q',
    '20210427|SHORT|1|2',
    '7',
    '20210427|ZZ|5|0|10|',
    '3',
  ].join('\r\n');

  it('are counted and skipped with line numbers and reasons, good rows survive', () => {
    const r = parseFinraShortVolume(file);
    expect(r.rows.map((x) => x.symbol)).toEqual(['A', 'ZZ']);
    expect(r.rows[1]?.markets).toEqual([]);
    expect(r.skipped).toBe(4);
    expect(r.skippedLines.map((s) => s.line)).toEqual([3, 4, 5, 6]);
    expect(r.skippedLines[0]?.reason).toMatch(/shortExemptVolume/);
    expect(r.skippedLines[1]?.reason).toMatch(/calendar date/);
    expect(r.skippedLines[2]?.reason).toBe('expected 6 fields, got 4');
    expect(r.skippedLines[2]?.sample).toBe('20210427|SHORT|1|2');
    expect(r.trailerCount).toBe(3);
    expect(r.trailerMatches).toBe(false);
  });

  it('caps the skipped-line list but keeps counting', () => {
    const html = Array.from({ length: 500 }, (_, i) => `<p>error ${i}</p>`).join('\n');
    const r = parseFinraShortVolume(html);
    expect(r.rows).toEqual([]);
    expect(r.skipped).toBe(500);
    expect(r.skippedLines).toHaveLength(MAX_SKIPPED_LINES);
  });
});

const rowArb: fc.Arbitrary<ShortVolumeRow> = fc.record({
  date: fc
    .date({ min: new Date('2009-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  symbol: fc.stringMatching(/^[A-Z][A-Za-z0-9./]{0,9}$/),
  shortVolume: fc.nat({ max: 2_000_000_000 }),
  shortExemptVolume: fc.oneof(
    fc.nat({ max: 1_000_000 }),
    fc.integer({ min: 1, max: 99_999_999 }).map((n) => n / 1000),
  ),
  totalVolume: fc.nat({ max: 4_000_000_000 }),
  markets: fc.subarray(['B', 'Q', 'N']),
});

describe('properties', () => {
  const realRows = parseFinraShortVolume(full).rows.slice(0, 300);
  const realLines = formatFinraShortVolume(realRows).split('\r\n');

  it('garbage lines inserted into a valid file are counted as skipped; valid rows are unchanged', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.integer({ min: 1, max: realRows.length }),
            garbageLine(6, (line) => parseFinraShortVolume(line).skipped === 0),
          ),
          { maxLength: 25 },
        ),
        (inserts) => {
          // Positions 1..rows keep garbage between the header and the trailer.
          const r = parseFinraShortVolume(insertLines(realLines, inserts).join('\r\n'));
          expect(r.rows).toEqual(realRows);
          expect(r.skipped).toBe(inserts.length);
          expect(r.trailerMatches).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('format -> parse round-trips arbitrary rows', () => {
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 40 }), (rows) => {
        const r = parseFinraShortVolume(formatFinraShortVolume(rows));
        expect(r.rows).toEqual(rows);
        expect(r.skipped).toBe(0);
        expect(r.trailerCount).toBe(rows.length);
        expect(r.trailerMatches).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
