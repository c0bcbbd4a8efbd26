import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FactorAnalysisData, PastSignalRow } from '@tapewatch/shared/schemas/factor-analysis';
import { renderApp } from '../../test/render-app.tsx';
import { demoAppRoutes, stubApi, tickerQuote, urlsCalled } from '../../test/stub-api.ts';
import momentum from './test/aapl-momentum-weekly.fixture.json' with { type: 'json' };
import uptrend from './test/aapl-uptrend-weekly.fixture.json' with { type: 'json' };

const good = momentum as FactorAnalysisData;
/** The quote panel's answer for a ticker. */
const quote = (ticker: string) => tickerQuote({ ticker, c: 170.73, todaysChangePerc: 0.6, company: 'Apple' });

function api(body: unknown) {
  return stubApi({
    ...demoAppRoutes(),
    '/api/get_ticker_info': [200, quote('AAPL')],
    '/api/get_factor_analysis_data': [200, body],
  });
}
const factorCalls = (f: ReturnType<typeof api>) => urlsCalled(f, 'get_factor_analysis_data');

describe('Factor Analysis single stock screen', { timeout: 20_000 }, () => {
  beforeEach(() => {
    window.innerWidth = 1440;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    window.innerWidth = 1024;
  });

  it('a deep link loads once with its parameters and shows the last signal, statistics and past signals', async () => {
    const fetchMock = api(good);
    renderApp('/factor-analysis/momentum/weekly/aapl');
    expect(await screen.findByTestId('last-signal', {}, { timeout: 15_000 })).toBeTruthy();
    expect(factorCalls(fetchMock)).toHaveLength(1);
    for (const part of ['ticker=AAPL', 'factor=momentum', 'timeframe=weekly'])
      expect(factorCalls(fetchMock)[0]).toContain(part);
    expect(screen.getByTestId('last-signal').textContent).toContain('Last Momentum signal for AAPL on');
    expect(screen.getByRole('radio', { name: 'Weekly' })).toHaveProperty('checked', true);
    const count = within(screen.getByTestId('stat-count'))
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(count).toEqual(
      good.horizons.map((h) =>
        String((JSON.parse(good.factor_statistics_data) as Record<string, unknown>[])[0]![`fwd_ret_${h}`]),
      ),
    );
    const past = JSON.parse(good.past_signals_data) as PastSignalRow[];
    const rows = within(screen.getByRole('table', { name: 'Past signals' })).getAllByTestId('data-row');
    expect(rows).toHaveLength(Math.min(20, past.length));
    expect(rows[0]!.children[0]!.textContent).toBe(past[0]!.date);
    expect(screen.getByTestId('definition-dark_pools').textContent).toContain('dark-pool position');
  });

  it('the headline is out-of-sample: last signal, comparison panel, trades table and the rules in the help', async () => {
    api(good);
    renderApp('/factor-analysis/momentum/weekly/AAPL');
    expect(await screen.findByTestId('last-signal', {}, { timeout: 15_000 })).toBeTruthy();
    const o = good.out_of_sample;
    const i = good.in_sample;
    const s = good.last_signal_data as Extract<typeof good.last_signal_data, { date: string }>;
    // The panel is as known on the signal's date: its record, and the expected return of the period shown.
    expect(screen.getByTestId('last-signal').textContent).toContain(
      `record on that date: ${s.record_profitable_pct.toFixed(1)}% of ${s.record_trades} trades profitable`,
    );
    expect(screen.getByTestId('last-signal').textContent).toContain(
      `expected return +${s.expected_ret.toFixed(2)}% over ${s.period} weeks, the mean of the ${s.signals} earlier signals held ${s.period} weeks`,
    );
    // The comparison panel: hindsight beside walk-forward, with its two-sentence help.
    const panel = screen.getByRole('region', { name: 'In-sample vs out-of-sample' });
    const row = (key: string) =>
      within(screen.getByTestId(`compare-${key}`))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(row('profitable')).toEqual([`${i.profitable_pct!.toFixed(2)}%`, `${o.profitable_pct!.toFixed(2)}%`]);
    expect(row('mean')).toEqual([`${i.mean!.toFixed(2)}%`, `${o.mean!.toFixed(2)}%`]);
    expect(row('trades')).toEqual([String(i.trades), String(o.trades)]);
    expect(within(panel).getByTestId('comparison-help').textContent!.split('. ')).toHaveLength(2);
    expect(within(panel).getByTestId('comparison-note').textContent).toContain(
      `Trades fill at the next bar's open. Out-of-sample: ${o.not_enough_history} early signals not traded`,
    );
    // Past signals carry each signal's walk-forward period and trade return.
    const past = JSON.parse(good.past_signals_data) as PastSignalRow[];
    const header = within(screen.getByRole('table', { name: 'Past signals' }))
      .getAllByRole('columnheader')
      .map((c) => c.textContent);
    expect(header.slice(0, 4)).toEqual(['Date', 'Close', 'Period', 'Trade %']);
    const first = within(screen.getByRole('table', { name: 'Past signals' })).getAllByTestId('data-row')[0]!;
    expect([...first.children].slice(2, 4).map((c) => c.textContent)).toEqual([
      past[0]!.period === null ? '' : `${past[0]!.period}W`,
      past[0]!.outcome === null ? '' : past[0]!.outcome.toFixed(2),
    ]);
    // The returns chart's data table lists the out-of-sample trades, each with its period.
    const user = userEvent.setup();
    const returns = screen.getByRole('region', { name: /Past Signals Returns/ });
    await user.click(within(returns).getByRole('button', { name: 'Show data' }));
    const trs = within(await screen.findByTestId('returns-table'))
      .getAllByRole('row')
      .slice(1);
    expect(trs).toHaveLength(o.trades);
    const r = good.past_signals_returns_data;
    expect([...trs[0]!.children].map((c) => c.textContent)).toEqual([
      r.dates[0],
      `${r.periods[0]}W`,
      `${r.returns[0]!.toFixed(2)}%`,
    ]);
    // The help states the entry, the walk-forward choice and the quality thresholds.
    expect(screen.getByTestId('factor-help').textContent).toContain('enters at the open of the bar after the signal');
    expect(screen.getByTestId('factor-rules').textContent).toMatch(
      /at least 10 trades that had already exited before the signal's date.*at least 10, at least 55% of them profitable/,
    );
  });

  it('a factor change reloads with the new factor and moves to its route', async () => {
    const fetchMock = api(uptrend);
    renderApp('/factor-analysis');
    expect(await screen.findByTestId('last-signal', {}, { timeout: 15_000 })).toBeTruthy();
    expect(factorCalls(fetchMock)[0]).toContain('factor=uptrend');
    expect(factorCalls(fetchMock)[0]).toContain('timeframe=weekly');
    expect(screen.getByTestId('last-signal').textContent).toContain('do not meet quality requirements.');
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Factor' }));
    await user.click(await screen.findByRole('option', { name: 'ROC Curve' }));
    await waitFor(() => expect(factorCalls(fetchMock).some((u) => u.includes('factor=roc_curve'))).toBe(true));
    expect(factorCalls(fetchMock)).toHaveLength(2);
  });

  it('route parameters are optional: a factor-only link uses the global ticker and Weekly', async () => {
    const fetchMock = api(good);
    renderApp('/factor-analysis/momentum');
    expect(await screen.findByTestId('last-signal', {}, { timeout: 15_000 })).toBeTruthy();
    for (const part of ['ticker=SPY', 'factor=momentum', 'timeframe=weekly'])
      expect(factorCalls(fetchMock)[0]).toContain(part);
  });

  it('an empty answer shows No data', async () => {
    api({});
    renderApp('/factor-analysis/dark_pools/daily/AAPL');
    expect((await screen.findByTestId('factor-no-data', {}, { timeout: 15_000 })).textContent).toBe('No data');
    expect(screen.queryByTestId('statistics-table')).toBeNull();
  });
});
