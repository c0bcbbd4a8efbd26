import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderApp } from '../../test/render-app.tsx';
import { signalsFixture } from './test/signals-fixture.ts';
import { EMPTY_FILTERS, filterSignals } from './utils/filters.ts';

const data = signalsFixture();
const appInfo = { data_mode: 'demo', as_of: '2024-03-08', options_flow: 'simulated', version: '1' };
const rowsOf = () => within(screen.getByRole('table', { name: 'Signals table' })).getAllByTestId('data-row');
const cells = (row: HTMLElement) => Array.from(row.children).map((c) => c.textContent);
const byExpected = (rows: typeof data) => [...rows].sort((a, b) => b.expected_ret - a.expected_ret);

async function pick(user: ReturnType<typeof userEvent.setup>, filter: string, option: string) {
  await user.click(within(screen.getByTestId(`signal-filter-${filter}`)).getByRole('combobox'));
  await user.click(await screen.findByRole('option', { name: option }));
  await user.keyboard('{Escape}');
}

describe('Factor Analysis / All screen', { timeout: 90_000 }, () => {
  beforeEach(() => {
    window.innerWidth = 1440;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    window.innerWidth = 1024;
  });

  it('shows 20 rows by expected return with spec columns, filters with ANY-bucket matching, clears, and opens a row in a new tab', async () => {
    const user = userEvent.setup();
    mockApi({ '/api/get_app_info': [200, appInfo], '/api/get_signals_data': [200, data] });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderApp('/factor-analysis-table');
    expect(
      await screen.findByRole('heading', { name: 'Factor Analysis: All Signals', level: 1 }, { timeout: 20_000 }),
    ).toBeTruthy();
    const rows = await waitFor(() => rowsOf());
    expect(rows).toHaveLength(20);
    const headers = within(screen.getByRole('table', { name: 'Signals table' }))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Date',
      'Ticker',
      'Expected%',
      'WL Ratio',
      'Profitable%',
      'Period',
      'Timeframe',
      'Factor',
    ]);
    const top = byExpected(data)[0]!;
    expect(cells(rows[0]!)).toEqual([
      top.date,
      top.ticker,
      `${top.expected_ret.toFixed(2)}%`,
      top.profit_loss_ratio === null ? '∞' : top.profit_loss_ratio.toFixed(2),
      `${top['profitable%'].toFixed(2)}%`,
      expect.stringMatching(/^\d+ (day|week)s?$/),
      top.timeframe === 'daily' ? 'Daily' : 'Weekly',
      expect.any(String),
    ]);
    expect(screen.getByTestId('signals-count').textContent).toBe('45 signals');

    // Expected Return 0-10% and 20-50%: rows in either bucket (the original kept only the first).
    await pick(user, 'expectedReturn', '0-10%');
    await pick(user, 'expectedReturn', '20-50%');
    const want = filterSignals(data, { ...EMPTY_FILTERS, expectedReturn: ['0-10', '20-50'] });
    expect(want.some((r) => r.expected_ret < 10) && want.some((r) => r.expected_ret >= 20)).toBe(true);
    await waitFor(() => expect(screen.getByTestId('signals-count').textContent).toBe(`${want.length} of 45 signals`));

    // Add Timeframe Weekly and Factor Sustained Momentum.
    await pick(user, 'timeframe', 'Weekly');
    await pick(user, 'factor', 'Sustained Momentum');
    const want2 = filterSignals(data, {
      ...EMPTY_FILTERS,
      expectedReturn: ['0-10', '20-50'],
      timeframe: ['weekly'],
      factor: ['sustained_momentum'],
    });
    expect(want2.length).toBeGreaterThan(1);
    await waitFor(() => expect(rowsOf()).toHaveLength(want2.length));
    expect(rowsOf().map((r) => cells(r)[1])).toEqual(byExpected(want2).map((r) => r.ticker));
    expect(rowsOf().every((r) => cells(r)[6] === 'Weekly' && cells(r)[7] === 'Sustained Momentum')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(screen.getByTestId('signals-count').textContent).toBe('45 signals'));
    expect(screen.getByRole('button', { name: 'Clear' })).toHaveProperty('disabled', true);

    await user.click(rowsOf()[0]!);
    expect(open).toHaveBeenCalledWith(
      `/factor-analysis/${top.factor}/${top.timeframe}/${top.ticker}`,
      '_blank',
      'noopener',
    );
  });

  it('says when no signal fired and when no row matches the filters', async () => {
    const user = userEvent.setup();
    mockApi({ '/api/get_app_info': [200, appInfo], '/api/get_signals_data': [200, data.slice(0, 2)] });
    renderApp('/factor-analysis-table');
    await waitFor(() => expect(rowsOf()).toHaveLength(2), { timeout: 20_000 });
    await pick(user, 'sector', 'Utilities');
    expect((await screen.findByTestId('signals-empty')).textContent).toBe('No signals match the filters.');
  });

  it('shows No data for an empty snapshot', async () => {
    mockApi({ '/api/get_app_info': [200, appInfo], '/api/get_signals_data': [200, []] });
    renderApp('/factor-analysis-table');
    expect((await screen.findByTestId('signals-empty', {}, { timeout: 20_000 })).textContent).toMatch(/^No data/);
  });
});
