import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixtureText, replayHttp } from '../fixtures/load-fixture.ts';
import { ProviderFormatError, ProviderHttpError } from '../http.ts';
import { CBOE_VIX_HISTORY_URL, createCboeSource } from './fetcher.ts';
import { parseCboeVixHistory, VIX_HISTORY_HEADER } from './vix-history.ts';

// CBOE's format, real rows (fixtures/README.md): 2020-04-01..2021-04-27, CRLF.
const file = fixtureText('cboe/VIX_History_2020-04-01_2021-04-27.csv');
const lines = file.split('\r\n');

const source = (body: string, status = 200) => {
  const http = replayHttp({ [CBOE_VIX_HISTORY_URL]: { status, body } });
  return { http, cboe: createCboeSource({ http, retry: { attempts: 1, baseDelayMs: 0 } }) };
};

/** The file with one data line replaced (index into `lines`, 1 = first data line). */
const withLine = (i: number, line: string) => lines.map((l, j) => (j === i ? line : l)).join('\r\n');

describe('CBOE VIX_History.csv', () => {
  it('parses the real rows into ISO dates, oldest first', () => {
    const report = parseCboeVixHistory(file);
    expect(report.skipped).toBe(0);
    expect(report.rows).toHaveLength(270);
    expect(report.rows[0]).toEqual({ date: '2020-04-01', open: 57.38, high: 60.59, low: 52.76, close: 57.06 });
    expect(report.rows.at(-1)).toEqual({ date: '2021-04-27', open: 17.62, high: 18.16, low: 16.97, close: 17.56 });
  });

  it('reads LF files and a leading byte-order mark too', () => {
    expect(parseCboeVixHistory(`\ufeff${file.replaceAll('\r\n', '\n')}`).rows).toHaveLength(270);
  });

  it('keeps a real day whose open lies outside its low..high (CBOE published such opens until 2006)', () => {
    const report = parseCboeVixHistory(`${VIX_HISTORY_HEADER}\n11/08/2004,2.580000,14.480000,13.680000,13.800000\n`);
    expect(report.rows).toEqual([{ date: '2004-11-08', open: 2.58, high: 14.48, low: 13.68, close: 13.8 }]);
  });

  it.each([
    ['a US date with the month past 12', '13/01/2021,17.620000,18.160000,16.970000,17.560000', /DATE: not a calendar/],
    ['an impossible day', '02/30/2021,17.620000,18.160000,16.970000,17.560000', /DATE: not a calendar date/],
    ['an ISO date', '2021-04-27,17.620000,18.160000,16.970000,17.560000', /DATE: expected MM\/DD\/YYYY/],
    ['text for a number', '04/27/2021,n/a,18.160000,16.970000,17.560000', /OPEN: expected a number/],
    ['an empty cell', '04/27/2021,17.620000,,16.970000,17.560000', /HIGH: expected a number/],
    ['a level of zero', '04/27/2021,17.620000,18.160000,0.000000,17.560000', /LOW: must be above zero/],
    ['a close above the high', '04/27/2021,17.620000,18.160000,16.970000,19.000000', /CLOSE outside LOW\.\.HIGH/],
    ['a sixth column', '04/27/2021,17.620000,18.160000,16.970000,17.560000,1', /expected 5 columns, got 6/],
    ['a repeated day', '04/26/2021,17.620000,18.160000,16.970000,17.560000', /2021-04-26 does not follow 2021-04-26/],
    ['a line cut inside its last number', '04/27/2021,17.620000,18.160000,16.970000,17.5', /CLOSE: expected a number/],
  ])('refuses the whole file for %s, naming the line', async (_what, line, reason) => {
    const last = lines.length - 2; // the 2021-04-27 line (the file ends with CRLF)
    const text = withLine(last, line);
    expect(parseCboeVixHistory(text).skippedLines).toEqual([
      expect.objectContaining({ line: last + 1, reason: expect.stringMatching(reason) }),
    ]);
    const err = await source(text)
      .cboe.vixHistory()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderFormatError);
    expect((err as Error).message).toMatch(
      new RegExp(`^cboe: VIX history: file refused, 1 bad line \\(line ${last + 1}: `),
    );
  });

  it('a download cut anywhere inside a line is refused, and one cut at a line end yields only whole days', async () => {
    const dataStart = lines[0]!.length + 2;
    const whole = parseCboeVixHistory(file).rows;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: dataStart + 1, max: file.length - 1 }), async (cut) => {
        const text = file.slice(0, cut);
        const got = await source(text)
          .cboe.vixHistory()
          .then((r) => r.rows)
          .catch((e: unknown) => e);
        // Cut at a line end: before its CR, between CR and LF, or after the LF.
        const rest = file.slice(cut);
        const cutAtLineEnd = text.endsWith('\n') || rest.startsWith('\n') || rest.startsWith('\r\n');
        if (cutAtLineEnd) expect(got).toEqual(whole.slice(0, (got as unknown[]).length));
        else expect(got).toBeInstanceOf(ProviderFormatError);
      }),
      { numRuns: 200 },
    );
  });

  it('fetches the one public file, and refuses an error page, another layout or an empty file', async () => {
    const ok = source(file);
    expect((await ok.cboe.vixHistory()).rows).toHaveLength(270);
    expect(ok.http.calls.map((c) => c.url)).toEqual([CBOE_VIX_HISTORY_URL]);

    await expect(source('<html><body>Access Denied</body></html>').cboe.vixHistory()).rejects.toThrow(
      /file refused, 1 bad line \(line 1: unexpected header/,
    );
    await expect(source(file.replace('DATE,OPEN', 'Date,Open')).cboe.vixHistory()).rejects.toThrow(/unexpected header/);
    await expect(source(`${VIX_HISTORY_HEADER}\r\n`).cboe.vixHistory()).rejects.toThrow(/VIX history: no rows/);
    await expect(source('Service Unavailable', 503).cboe.vixHistory()).rejects.toBeInstanceOf(ProviderHttpError);
  });
});
