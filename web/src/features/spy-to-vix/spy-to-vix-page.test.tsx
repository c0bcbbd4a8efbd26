import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SpyToVix } from '@tapewatch/shared/schemas/spy-to-vix';
import { mockApi, renderApp } from '../../test/render-app.tsx';
import fixture from './test/spy-to-vix.fixture.json' with { type: 'json' };

// Computed by the job's domain code from the demo's SPY and VIX closes since March 2021.
const payload = fixture as SpyToVix;
const appInfo = { data_mode: 'demo', as_of: '2024-03-08', options_flow: 'simulated', version: '1' };

describe('SPY To VIX screen', () => {
  beforeEach(() => {
    window.innerWidth = 1440;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    window.innerWidth = 1024;
  });

  it('shows one section per horizon and states the measured 5-day correlation', async () => {
    mockApi({ '/api/get_app_info': [200, appInfo], '/api/get_spy_to_vix_data': [200, payload] });
    renderApp('/spytovix');
    expect(
      await screen.findByRole('heading', { name: 'SPY To VIX Forward Returns', level: 1 }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(await screen.findByRole('heading', { name: '1 Day', level: 2 }, { timeout: 15_000 })).toBeTruthy();
    for (const name of ['1 Day', '2 Days', '5 Days', '10 Days', '20 Days'])
      expect(screen.getByRole('heading', { name, level: 2 })).toBeTruthy();
    const corr = payload.spy_to_vix_prob_positive.regression_data['5d'].correlation;
    expect(screen.getByTestId('corr-5d').textContent).toBe(corr.toFixed(2));
    expect(screen.getByText(/dividend-adjusted/)).toBeTruthy();
    expect(screen.getAllByText(/Newey-West/).length).toBeGreaterThan(1);
  });

  it('prints the regression coefficients, errors and intervals of each horizon', async () => {
    mockApi({ '/api/get_app_info': [200, appInfo], '/api/get_spy_to_vix_data': [200, payload] });
    renderApp('/spytovix');
    const box = await screen.findByTestId('regression-20d', {}, { timeout: 15_000 });
    const r = payload.spy_to_vix_prob_positive.regression_data['20d'];
    const rows = within(box).getAllByTestId('data-row');
    const cells = (i: number) => Array.from(rows[i]!.children).map((c) => c.textContent);
    expect(cells(1)).toEqual([
      'beta',
      r['Coef.'].x1.toFixed(4),
      r['Std.Err.'].x1.toFixed(4),
      r.t.x1.toFixed(3),
      expect.stringMatching(/^\d\.\d{4}$/),
      r['[0.025'].x1.toFixed(4),
      r['0.975]'].x1.toFixed(4),
    ]);
    expect(cells(0)[0]).toBe('alpha');
    // HAC errors are judged against the normal law: the statistic is a z (statsmodels' heading).
    const headers = within(box)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['z', 'P>|z|']));
    expect(headers).not.toContain('t-stat');
    expect(within(box).getByTestId('rsquared-20d').textContent).toBe(r.r_squared.toFixed(4));
    expect(within(box).getByText(/19 lags/)).toBeTruthy();
    expect(within(box).getByRole('button', { name: /csv/i })).toBeTruthy();
  });

  it('the probability table lists the API buckets and sorts by count on click', async () => {
    const user = userEvent.setup();
    mockApi({ '/api/get_app_info': [200, appInfo], '/api/get_spy_to_vix_data': [200, payload] });
    renderApp('/spytovix');
    const box = await screen.findByTestId('probability-5d', {}, { timeout: 15_000 });
    const api = payload.spy_to_vix_prob_positive.prob_table['5d'];
    const firstCells = () =>
      within(box)
        .getAllByTestId('data-row')
        .map((tr) => tr.firstElementChild?.textContent);
    expect(firstCells()).toEqual(api.map((r) => r.vix_bucket));
    const row0 = Array.from(within(box).getAllByTestId('data-row')[0]!.children).map((c) => c.textContent);
    expect(row0).toEqual([
      api[0]!.vix_bucket,
      api[0]!.positive.toFixed(2),
      api[0]!.negative.toFixed(2),
      api[0]!.count.toLocaleString('en-US'),
    ]);
    await user.click(within(box).getByRole('button', { name: 'Count' }));
    const byCount = [...api].sort((a, b) => b.count - a.count);
    expect(firstCells()[0]).toBe(byCount[0]!.vix_bucket);
  });

  it('the probability heatmap data table shows the API cells', async () => {
    const user = userEvent.setup();
    mockApi({ '/api/get_app_info': [200, appInfo], '/api/get_spy_to_vix_data': [200, payload] });
    renderApp('/spytovix');
    const card = await screen.findByRole('region', { name: '1-Day Probability Of SPY Up' }, { timeout: 15_000 });
    await user.click(within(card).getByRole('button', { name: 'Show data' }));
    const rows = within(card).getAllByTestId('prob-cells-1d-row');
    const { index, data } = payload.spy_to_vix_prob_positive;
    expect(rows).toHaveLength(data['1d'].length);
    const [x, y, v] = data['1d'][0]!;
    const t = payload.spy_to_vix_prob_positive.cell_tests['1d'][0]!;
    expect(Array.from(rows[0]!.children).map((c) => c.textContent)).toEqual([
      index.x[x],
      index.y[y],
      v.toFixed(2),
      String(t.n),
      t.n_eff.toFixed(1),
      t.p_value.toFixed(4),
      t.q_value.toFixed(4),
      t.significant ? 'yes' : 'no',
    ]);
  });

  it('greys the probability cells that are not significant, tooltips n, effective n, p and q, and says how in the help', async () => {
    // The demo's three years hold no cell that survives the correction; mark one as if it did.
    const prob = payload.spy_to_vix_prob_positive;
    const strong = { ...prob.cell_tests['5d'][0]!, q_value: 0.001, significant: true };
    const marked: SpyToVix = {
      ...payload,
      spy_to_vix_prob_positive: {
        ...prob,
        cell_tests: { ...prob.cell_tests, '5d': [strong, ...prob.cell_tests['5d'].slice(1)] },
      },
    };
    expect(prob.cell_tests['5d'].length).toBeGreaterThan(1);
    expect(
      Object.values(prob.cell_tests)
        .flat()
        .some((c) => c.significant),
    ).toBe(false);
    // The test DOM lays nothing out: give the chart boxes a size so the heat maps draw.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ width: 700, height: 500 }),
    );
    mockApi({ '/api/get_app_info': [200, appInfo], '/api/get_spy_to_vix_data': [200, marked] });
    renderApp('/spytovix');
    const card = await screen.findByRole('region', { name: '5-Day Probability Of SPY Up' }, { timeout: 15_000 });
    const cells = await waitFor(
      () => {
        const found = Array.from(card.querySelectorAll('rect[data-muted]'));
        expect(found.length).toBe(prob.data['5d'].length);
        return found;
      },
      { timeout: 15_000 },
    );
    const titles = cells.map((r) => r.querySelector('title')!.textContent!);
    const { index } = prob;
    const [x0, y0, v0] = prob.data['5d'][0]!;
    const strongTitle = titles.find((t) => t.startsWith(`${index.y[y0]} · ${index.x[x0]}: ${v0.toFixed(1)}%`))!;
    expect(strongTitle).toContain(
      `n ${strong.n}, effective n ${strong.n_eff.toFixed(1)}, p ${strong.p_value.toFixed(4)}, q 0.0010: differs from the base rate`,
    );
    expect(cells.filter((r) => r.getAttribute('data-muted') === 'false')).toHaveLength(1);
    const muted = cells.filter((r) => r.getAttribute('data-muted') === 'true');
    expect(muted).toHaveLength(prob.data['5d'].length - 1);
    // Greyed: one neutral fill for every muted cell, unlike the coloured one.
    const mutedFills = new Set(muted.map((r) => r.getAttribute('fill')));
    expect(mutedFills.size).toBe(1);
    expect(mutedFills.has(cells.find((r) => r.getAttribute('data-muted') === 'false')!.getAttribute('fill'))).toBe(
      false,
    );
    for (const r of muted)
      expect(r.querySelector('title')!.textContent).toMatch(
        /: not significant \(greyed\) at a 5% false-discovery rate$/,
      );
    expect(
      within(card).getByText(/Grey cells do not differ from the base rate \(59\.6% of all 5-day forward returns/),
    ).toBeTruthy();
    expect(within(card).getByText(/Benjamini-Hochberg, 5% false-discovery rate/)).toBeTruthy();
  });

  it('only logs a failed load and shows no section', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({
      '/api/get_app_info': [200, appInfo],
      '/api/get_spy_to_vix_data': [503, { alert_show: true, alert_message: 'computing' }],
    });
    renderApp('/spytovix');
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(screen.queryByTestId('horizon-5d')).toBeNull();
  });
});
