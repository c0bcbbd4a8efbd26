import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixtureText } from '../fixtures/load-fixture.ts';
import { garbageLine, insertLines } from '../fixtures/garbage-lines.ts';
import { FINRA_SHORT_INTEREST_COLUMNS, formatFinraShortInterest, parseFinraShortInterest } from './short-interest.ts';

const excerpt = fixtureText('finra/shrt20210715_excerpt.txt');

describe('parseFinraShortInterest on the 2021-07-15 excerpt', () => {
  const report = parseFinraShortInterest(excerpt);
  const bySymbol = new Map(report.rows.map((r) => [r.symbol, r]));

  it('parses all 50 data rows', () => {
    expect(report.rows).toHaveLength(50);
    expect(report.skipped).toBe(0);
    expect(report.rows[0]?.symbol).toBe('A');
    expect(report.rows.at(-1)?.symbol).toBe('AATRL');
  });

  it('reads known rows exactly as published', () => {
    expect(bySymbol.get('A')).toEqual({
      settlementDate: '2021-07-15',
      symbol: 'A',
      issueName: 'Agilent Technologies Inc.',
      exchangeCode: 'A',
      market: 'NYSE',
      currentShortInterest: 2571122,
      previousShortInterest: 2456982,
      change: 114140,
      changePercent: 4.65,
      averageDailyVolume: 1646442,
      daysToCover: 1.56,
      stockSplitFlag: null,
      revisionFlag: null,
    });
    expect(bySymbol.get('AA')).toMatchObject({
      currentShortInterest: 11429530,
      previousShortInterest: 10384553,
      averageDailyVolume: 6863086,
      daysToCover: 1.67,
    });
    expect(bySymbol.get('AATGF')).toMatchObject({ market: 'OTC', change: -2000, changePercent: -7.83 });
    // FINRA truncates issue names at 30 characters and keeps inner double spaces.
    expect(bySymbol.get('AATRL')?.issueName).toBe('AMG Capital  Trust II 5.15% Co');
  });

  it('maps the 999.99 days-to-cover cap (zero average volume) to null', () => {
    expect(bySymbol.get('AAALF')).toMatchObject({
      averageDailyVolume: 0,
      daysToCover: null,
      currentShortInterest: 363666,
    });
  });

  it('every row is internally consistent (change = current - previous)', () => {
    for (const r of report.rows) expect(r.change).toBe(r.currentShortInterest - (r.previousShortInterest ?? 0));
  });

  it('formatFinraShortInterest reproduces the excerpt byte for byte', () => {
    expect(formatFinraShortInterest(report.rows)).toBe(excerpt);
  });

  it('finds columns by header name when FINRA reorders them', () => {
    const lines = excerpt
      .trimEnd()
      .split('\n')
      .map((l) => l.split('|'));
    const order = [...FINRA_SHORT_INTEREST_COLUMNS.keys()].reverse();
    const reordered = lines.map((f) => order.map((i) => f[i]).join('|')).join('\r\n');
    expect(parseFinraShortInterest(reordered).rows).toEqual(report.rows);
  });

  it('counts malformed rows and keeps the rest', () => {
    const lines = excerpt.split('\n');
    lines.splice(2, 0, '20210715|BAD|Bad Row|A|NYSE|abc|1||1|1.00||0|0|2021-07-15', '20210715|SHORT|too|few');
    const r = parseFinraShortInterest(lines.join('\n'));
    expect(r.rows).toEqual(report.rows);
    expect(r.skipped).toBe(2);
    expect(r.skippedLines.map((s) => s.line)).toEqual([3, 4]);
    expect(r.skippedLines[0]?.reason).toMatch(/currentShortInterest/);
    expect(r.skippedLines[1]?.reason).toBe('expected 14 fields, got 4');
  });

  it('property: garbage lines are counted as skipped and valid rows are unchanged', () => {
    const header = excerpt.split('\n')[0] ?? '';
    const lines = excerpt.trimEnd().split('\n');
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.integer({ min: 1, max: lines.length }),
            garbageLine(14, (l) => parseFinraShortInterest(`${header}\n${l}`).skipped === 0),
          ),
          { maxLength: 20 },
        ),
        (inserts) => {
          const r = parseFinraShortInterest(insertLines(lines, inserts).join('\n'));
          expect(r.rows).toEqual(report.rows);
          expect(r.skipped).toBe(inserts.length);
        },
      ),
      { numRuns: 100 },
    );
  });
});
