import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { backtestResponse } from '@tapewatch/shared/schemas/alerts';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { stubApi } from '../../../test/stub-api.ts';
import type { Backtest } from '../api/alerts-api.ts';
import { BacktestResult } from './backtest-result.tsx';
import { RuleEditor } from './rule-editor.tsx';

const dir = (rose: number, fell: number) => ({
  bullish: { prints: 40, rose },
  bearish: { prints: 10, fell },
  hit: 0.6,
});
const pnl = (v: number) => ({ prints: 30, pnl: v, premium: 100_000, return: v / 100_000, winners: 0.4 });

/** A backtest answer, checked against the route's schema so the fixture cannot drift from the wire. */
function answer(p: Partial<Backtest> = {}): Backtest {
  return backtestResponse.parse({
    from: '2023-03-09',
    to: '2024-03-07',
    days: 250,
    scanned: 750_000,
    fired: 500,
    fires_per_day: 2,
    noisy: false,
    noise_per_day: 10,
    simulated: false,
    per_day: [
      { date: '2023-03-09', fires: 3 },
      { date: '2024-03-07', fires: 1 },
    ],
    prints: [
      {
        date: '2023-06-01',
        time: '10:31:02',
        ticker: 'NVDA',
        put_call: 'Put',
        strike_price: 380,
        date_expiration: '2023-06-16',
        price: 4.2,
        size: 50,
        premium: 21,
        option_activity_type: 'Sweep',
        side: 'bought',
        pnl: { d1: 1250, d5: -800, d20: null },
      },
    ],
    direction: {
      caught: { d1: dir(0.55, 0.7), d5: dir(0.5, 0.65) },
      baseline: { d1: dir(0.5, 0.5), d5: dir(0.5, 0.5) },
    },
    pnl: {
      sample_days: 24,
      caught: { d1: pnl(5000), d5: pnl(-2000), d20: pnl(0) },
      baseline: { d1: pnl(100), d5: pnl(100), d20: pnl(100) },
    },
    elapsed_ms: 900,
    ...p,
  });
}

function show(bt: Backtest) {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <BacktestResult bt={bt} />
    </AppProviders>,
  );
}

describe('backtest result', () => {
  it('shows fires per day, the direction hit rates and the option P&L against the baseline', () => {
    show(answer());
    expect(screen.getByTestId('backtest-summary').textContent).toContain('2.0 a day');
    const moves = screen.getByTestId('backtest-moves');
    // The bearish prints' "fell" share (70%) is shown as such, not as an unsigned move.
    expect(within(moves).getByText('1 day: bearish, fell')).toBeTruthy();
    expect(within(moves).getAllByText('70%').length).toBeGreaterThan(0);
    const table = screen.getByTestId('backtest-pnl');
    expect(table.textContent).toContain('+$5,000 (+5.0%, 40%)');
    expect(table.textContent).toContain('-$2,000 (-2.0%, 40%)');
    expect(table.textContent).toContain('baseline');
    const prints = screen.getByTestId('backtest-prints');
    expect(prints.textContent).toContain('bought');
    expect(prints.textContent).toContain('+$1,250');
    expect(prints.textContent).toContain('-$800');
    expect(screen.queryByTestId('backtest-noise')).toBeNull();
    expect(screen.queryByTestId('backtest-simulated')).toBeNull();
  });

  it('warns when the rule is noise', () => {
    show(answer({ fired: 25_000, fires_per_day: 100, noisy: true }));
    expect(screen.getByTestId('backtest-noise').textContent).toContain('100.0 times a day');
  });

  it('says, in demo mode, that the flow is simulated', () => {
    show(answer({ simulated: true }));
    expect(screen.getByTestId('backtest-simulated').textContent).toContain('the options flow here is simulated');
  });
});

describe('rule editor', () => {
  it('says how often the rule would have fired per day once backtested', async () => {
    stubApi({
      '/api/get_watchlists': [200, { lists: [], limits: { namedLists: 10, tickersPerList: 200 } }],
      '/api/backtest_alert_rule': [200, answer({ fires_per_day: 42.5, noisy: true, fired: 10_625 })],
    });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RuleEditor
          title="New alert"
          initial={{ name: 'Big puts', filters: [], watchlistId: null }}
          saving={false}
          onSave={() => {}}
          onCancel={() => {}}
        />
      </AppProviders>,
    );
    fireEvent.click(screen.getByTestId('run-backtest'));
    expect((await screen.findByTestId('rule-fires-per-day')).textContent).toContain(
      'would have fired 42.5 times a day on average: more than 10 a day is noise',
    );
  });
});
