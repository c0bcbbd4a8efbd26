import { describe, expect, it } from 'vitest';
import { sourceStatuses } from '@tapewatch/shared/api/data-sources';
import { dataSourcesReport } from './data-sources-report.ts';

describe('the live-mode start-up check', () => {
  it('prints each source and, for each one that cannot serve, what its screens will say', () => {
    const lines = dataSourcesReport(sourceStatuses('live', (key) => key === 'POLYGON_API_KEY', {}));
    const text = lines.join('\n');
    expect(text).toMatch(/ready {8}Daily stock and ETF bars \(paid, needs POLYGON_API_KEY\)/);
    expect(text).toMatch(/KEY MISSING {2}Options flow .*\(paid, needs BENZINGA_API_KEY\)/);
    expect(text).toContain('will say: "No flow provider configured: set BENZINGA_API_KEY');
    expect(text).toMatch(/ready {8}Daily short-sale volume \(dark pools\) \(free, no key\)/);
    // CBOE's VIX file is wired (the vix job): ready without a key.
    expect(text).toMatch(/ready {8}VIX daily closes \(free, no key\)/);
    expect(text).not.toContain('NOT WIRED');
    // The ticker directory is wired in live mode now (the universe job): ready, no "will say" line.
    expect(text).toMatch(/ready {8}Ticker universe \(listed stocks and ETFs with their names\) \(free, no key\)/);
    // Ready sources get no "will say" line: one per missing source (Benzinga, whose key is missing).
    expect(lines.filter((l) => l.includes('will say'))).toEqual([
      expect.stringMatching(/^ {17}Options Flow, .* will say: "No flow provider configured/),
    ]);
  });

  it('shows option chains as KEY MISSING when OPTION_CHAIN_SOURCE=polygon has no POLYGON_API_KEY', () => {
    const chainLine = (env: Record<string, string>, hasKey: (key: string) => boolean) =>
      dataSourcesReport(sourceStatuses('live', hasKey, env)).find((l) => l.includes('Option chains'));
    expect(chainLine({}, () => false)).toMatch(/^ {4}ready {8}Option chains .*\(free, no key\)$/);
    expect(chainLine({ OPTION_CHAIN_SOURCE: 'polygon' }, () => false)).toMatch(
      /^ {4}KEY MISSING {2}Option chains .*\(free, needs POLYGON_API_KEY\)$/,
    );
    expect(chainLine({ OPTION_CHAIN_SOURCE: 'polygon' }, (key) => key === 'POLYGON_API_KEY')).toMatch(
      /^ {4}ready {8}Option chains .*needs POLYGON_API_KEY\)$/,
    );
  });
});
