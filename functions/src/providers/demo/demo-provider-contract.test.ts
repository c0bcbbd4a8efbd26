import { describe, expect, it } from 'vitest';
import type { DirectoryEntry } from '@tapewatch/shared/schemas/tickers';
import type { DailySeries } from '../../data/daily-series.ts';
import { tradingDaysBetween } from '../../domain/calendar/nyse.ts';
import { CarryReader, type NetOpeningsSource } from '../../domain/options-market/index.ts';
import { createDemoProvider } from './demo-provider.ts';

// A year of seeded closes for one stock, as in demo-provider-chain.test.ts.
const dates = tradingDaysBetween('2023-03-01', '2024-03-08');
let s = 5;
let x = 160;
const close = dates.map(() => {
  s = (s * 1103515245 + 12345) % 2 ** 31;
  x *= Math.exp(0.016 * (s / 2 ** 31 - 0.5) * 3.4);
  return Math.round(x * 100) / 100;
});
const bars: DailySeries = {
  date: [...dates],
  open: close,
  high: close,
  low: close,
  close,
  volume: close.map(() => 2e6),
};
const entry: DirectoryEntry = {
  symbol: 'ACME',
  company: 'Acme',
  sector: '',
  industry: '',
  exchange: 'NASDAQ',
  kind: 'stock',
  in_sp500: true,
  in_nasdaq100: false,
  shares_outstanding: null,
  shares_outstanding_is_estimate: false,
};

const TODAY = '2024-03-08';
const window = ['2024-03-04', '2024-03-05', '2024-03-06', '2024-03-07'];

function providerWith(nets: Array<{ date: string; nets: Array<[string, number]> }>) {
  const repo: NetOpeningsSource = {
    // The repository's reading: stored days in [from, to) (all before `to` without `from`).
    readBetween: async (from, to) => nets.filter((d) => (from === null || d.date >= from) && d.date < to),
  };
  let carry: CarryReader | undefined;
  return createDemoProvider({
    directory: async () => [entry],
    series: async () => bars,
    today: () => TODAY,
    netOpenings: async (underlying, date) => new Map((await (carry ??= new CarryReader(repo)).at(date)).of(underlying)),
    netOpeningsBetween: (from, to) => repo.readBetween(from, to),
  });
}

describe('one contract across days (the contract page history)', () => {
  it("gives each day's own chain line, open interest carried from the prints before that day included", async () => {
    const probe = providerWith([]);
    const chain = await probe.optionChain('ACME', TODAY);
    const symbol = chain.rows.find((r) => r.expiry === '2024-03-15' && r.type === 'call' && r.volume! > 0)!.symbol;
    // Openings before the window, inside it (some on days the reader must subtract), and another contract's.
    const nets: Array<{ date: string; nets: Array<[string, number]> }> = [
      { date: '2024-02-28', nets: [[symbol, 900]] },
      {
        date: '2024-03-04',
        nets: [
          [symbol, 400],
          ['ACME240315P00100000', 50],
        ],
      },
      { date: '2024-03-06', nets: [[symbol, -250]] },
      { date: '2024-03-07', nets: [[symbol, 120]] },
    ];
    const days = await providerWith(nets).optionContractDays!('ACME', symbol, window);
    expect(days.map((d) => d.asOf!.slice(0, 10))).toEqual(window);

    for (const [i, date] of window.entries()) {
      // A fresh provider per day: its carry reader walks from the start, as the day's own chain does.
      const whole = await providerWith(nets).optionChain('ACME', date);
      const line = whole.rows.find((r) => r.symbol === symbol)!;
      expect(days[i]!.rows).toEqual([line]);
      expect(days[i]!.underlyingPrice).toBe(whole.underlyingPrice);
    }
    // The carried openings moved the open interest: 2024-03-05 carries 1,300 more than no prints at all.
    const bare = await probe.optionContractDays!('ACME', symbol, ['2024-03-05']);
    expect(days[1]!.rows[0]!.openInterest! - bare[0]!.rows[0]!.openInterest!).toBe(1300);
  }, 30_000);

  it("gives every contract its own day's line when one provider shares each day's market between contracts", async () => {
    const probe = await providerWith([]).optionChain('ACME', TODAY);
    const symbols = probe.rows
      .filter((r) => r.expiry === '2024-03-15')
      .map((r) => r.symbol)
      .slice(10, 14);
    const nets = [
      { date: '2024-03-01', nets: symbols.map((s, i): [string, number] => [s, 300 * (i + 1)]) },
      { date: '2024-03-05', nets: symbols.map((s, i): [string, number] => [s, -80 * i]) },
    ];
    const shared = providerWith(nets);
    // Each contract in turn, the first again last: its line must not carry another's openings.
    const asked = [...symbols, symbols[0]!];
    const answers = [];
    for (const symbol of asked) answers.push(await shared.optionContractDays!('ACME', symbol, window));
    const wholes = [];
    for (const date of window) wholes.push(await providerWith(nets).optionChain('ACME', date));
    for (const [k, symbol] of asked.entries())
      expect(answers[k]!.map((d) => d.rows)).toEqual(wholes.map((w) => [w.rows.find((r) => r.symbol === symbol)!]));
  }, 30_000);

  it('leaves out days the contract was not listed and a day without a bar', async () => {
    const provider = providerWith([]);
    const days = await provider.optionContractDays!('ACME', 'ACME240315C09990000', window);
    expect(days).toEqual([]);
    expect(await provider.optionContractDays!('ACME', 'ACME240315C00160000', ['2024-03-09'])).toEqual([]);
  });
});
