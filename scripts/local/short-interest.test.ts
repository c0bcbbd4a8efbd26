import { describe, expect, it } from 'vitest';
import {
  indShortInterestInfoResponse,
  indShortInterestResponse,
  NASDAQ_ONLY_MESSAGE,
  shortInterestResponse,
} from '@tapewatch/shared/schemas/short-interest';
import { documentClient } from '@tapewatch/functions/data/client';
import { DailyRowsRepository } from '@tapewatch/functions/data/daily-rows-repository';
import { DirectoryRepository } from '@tapewatch/functions/data/directory-repository';
import {
  runShortInterestIngest,
  SHORT_INTEREST_SERIES,
  type ShortInterestPoint,
} from '@tapewatch/functions/jobs/short-interest';
import { floatBasis } from '@tapewatch/functions/domain/short-interest/short-interest-table';
import { useIntegrationRuntime } from '../test/integration-runtime.ts';

const { api } = useIntegrationRuntime();

const stored = (ticker: string) =>
  new DailyRowsRepository<ShortInterestPoint>(documentClient(), SHORT_INTEREST_SERIES).get(ticker);

describe('short interest endpoints over the backfilled demo data', () => {
  it('get_short_interest: the latest settlement of every NASDAQ name, figures recomputed from stored rows', async () => {
    const table = shortInterestResponse.parse((await api.get('get_short_interest', { top: 'float' })).body);
    expect(table.schema.fields.map((f) => f.name)).toEqual([
      'Ticker',
      'Date',
      'Short Interest',
      'Average Volume',
      'Days To Cover',
      '%Float Short',
    ]);
    const directory = await new DirectoryRepository(documentClient()).all();
    const nasdaq = directory.filter((e) => e.exchange === 'NASDAQ');
    expect(table.data.length).toBeGreaterThan(50);
    const latest = table.data[0]!.Date;
    expect(latest).toBe('2024-02-29'); // the last settlement on or before the demo date
    expect(new Set(table.data.map((r) => r.Date))).toEqual(new Set([latest]));
    const listed = new Set(nasdaq.map((e) => e.symbol));
    expect(table.data.every((r) => listed.has(r.Ticker))).toBe(true);
    expect(table.data.some((r) => r.Ticker === 'SPY')).toBe(false);

    // Independent check of a sample of rows against the stored series and the directory.
    for (const row of [table.data[0]!, table.data[7]!, table.data.at(-1)!]) {
      const point = (await stored(row.Ticker)).find((p) => p.date === latest)!;
      const shares = floatBasis(nasdaq.find((e) => e.symbol === row.Ticker)!);
      expect(row['Short Interest']).toBe(point.short_interest);
      expect(row['Average Volume']).toBe(point.avg_daily_volume);
      expect(row['Days To Cover']).toBeCloseTo(point.short_interest / point.avg_daily_volume!, 2);
      if (shares === null) expect(row['%Float Short']).toBeNull();
      else expect(row['%Float Short']).toBeCloseTo((point.short_interest / shares) * 100, 2);
    }
    // float order: descending, nulls last
    const floats = table.data.map((r) => r['%Float Short']);
    const numbers = floats.filter((v): v is number => v !== null);
    expect(floats.slice(0, numbers.length)).toEqual(numbers);
    expect([...numbers].sort((a, b) => b - a)).toEqual(numbers);
  });

  it('orders by the chosen field for top=short and top=days', async () => {
    for (const [top, field] of [
      ['short', 'Short Interest'],
      ['days', 'Days To Cover'],
    ] as const) {
      const rows = shortInterestResponse.parse((await api.get('get_short_interest', { top })).body).data;
      const values = rows.map((r) => r[field]).filter((v): v is number => v !== null);
      expect([...values].sort((a, b) => b - a)).toEqual(values);
    }
  });

  it('get_ind_short_interest and _info for AAPL equal the stored settlements', async () => {
    const series = indShortInterestResponse.parse(
      (await api.get('get_ind_short_interest', { ticker: 'aapl' })).body,
    ).short_interest;
    const rows = (await stored('AAPL')).filter((p) => p.date > '2023-02-28' && p.date <= '2024-02-29');
    expect(series).toEqual(rows.map((p) => ({ date: p.date, short_interest: p.short_interest })));
    expect(series.length).toBeGreaterThanOrEqual(23);
    const info = indShortInterestInfoResponse.parse(
      (await api.get('get_ind_short_interest_info', { ticker: 'AAPL' })).body,
    );
    const last = rows.at(-1)!;
    const shares = (await new DirectoryRepository(documentClient()).all()).find((e) => e.symbol === 'AAPL')!
      .shares_outstanding!;
    expect(info['Short Interest']).toBe(last.short_interest);
    expect(info['Days To Cover']).toBeCloseTo(last.short_interest / last.avg_daily_volume!, 2);
    expect(info['%Float Short']).toBeCloseTo((last.short_interest / shares) * 100, 2);
  });

  it("Alphabet's two listed classes: %float against each class's own shares, not the company's", async () => {
    const directory = await new DirectoryRepository(documentClient()).all();
    const table = shortInterestResponse.parse((await api.get('get_short_interest', { top: 'float' })).body).data;
    for (const ticker of ['GOOGL', 'GOOG']) {
      const e = directory.find((d) => d.symbol === ticker)!;
      // Class A (GOOGL) or C (GOOG) alone: under half of Alphabet's A + B + C.
      expect(e.class_shares_outstanding! / e.shares_outstanding!).toBeGreaterThan(0.4);
      expect(e.class_shares_outstanding! / e.shares_outstanding!).toBeLessThan(0.5);
      const last = (await stored(ticker)).at(-1)!;
      const info = indShortInterestInfoResponse.parse((await api.get('get_ind_short_interest_info', { ticker })).body);
      expect(info['%Float Short']).toBeCloseTo((last.short_interest / e.class_shares_outstanding!) * 100, 2);
      expect(info['%Float Short']).toBeGreaterThan(0.2);
      expect(info['%Float Short']).toBeLessThan(3);
      expect(table.find((r) => r.Ticker === ticker)?.['%Float Short']).toBe(info['%Float Short']);
    }
    // A class without a sourced count of its own says unavailable rather than using the company's.
    for (const ticker of ['FOXA', 'FOX', 'NWSA', 'NWS']) {
      expect(directory.find((d) => d.symbol === ticker)!.class_shares_outstanding).toBeNull();
      const row = table.find((r) => r.Ticker === ticker);
      if (row) expect(row['%Float Short']).toBeNull();
    }
  });

  it('rejects bad input: 400 naming the parameter, 404 for unknown and non-NASDAQ tickers', async () => {
    const bad = await api.getUnchecked('get_short_interest', { top: 'volume' });
    expect(bad.status).toBe(400);
    expect(bad.body.alert_message).toContain("'top'");
    const extra = await api.getUnchecked('get_short_interest', { top: 'float', x: '1' });
    expect(extra.status).toBe(400);
    const unknown = await api.get('get_ind_short_interest', { ticker: 'NOPE' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.alert_message).toContain('Unknown ticker NOPE');
    const spy = await api.get('get_ind_short_interest_info', { ticker: 'SPY' });
    expect(spy.status).toBe(404);
    expect(spy.body.alert_message).toBe(NASDAQ_ONLY_MESSAGE);
    expect((await api.get('get_ind_short_interest')).status).toBe(400);
  });

  it('re-running the ingest rewrites the same table', async () => {
    const before = (await api.get('get_short_interest', { top: 'short' })).body;
    const run = await runShortInterestIngest({ from: '2024-02-01', to: '2024-03-08' });
    expect(run.status).toBe('succeeded');
    expect((await api.get('get_short_interest', { top: 'short' })).body).toEqual(before);
  });
});
