import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderApp } from '../../test/render-app.tsx';
import { getFormsState, resetForms } from '../../lib/forms-store.ts';
import { LANDING_SAMPLE } from './data/sample-data.ts';

const demoInfo = { data_mode: 'demo', as_of: '2024-03-08', options_flow: 'simulated', version: '1.0.0' };

/** Independent of the chart code: the ticker with the largest summed premium on one side. */
function topTicker(side: 'Call' | 'Put'): string {
  const sums = new Map<string, number>();
  for (const t of LANDING_SAMPLE.trades)
    if (t.put_call === side) sums.set(t.ticker, (sums.get(t.ticker) ?? 0) + t.cost_basis);
  return [...sums].sort((a, b) => b[1] - a[1])[0]![0];
}

describe('landing page', () => {
  beforeEach(() => {
    window.innerWidth = 1440;
    resetForms();
    mockApi({ '/api/get_app_info': [200, demoInfo] });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    window.innerWidth = 1024;
  });

  it('shows the headings, the labelled sample table newest first, charts, feature cards and plans', async () => {
    renderApp('/landing');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Real-time option flow data' }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.getByText('FOLLOW SMART MONEY')).toBeTruthy();
    expect(screen.getByTestId('sample-data-note').textContent).toMatch(/sample data/i);

    const table = screen.getByRole('table', { name: 'Sample options flow' });
    const rows = within(table).getAllByTestId('flow-row');
    expect(rows).toHaveLength(12);
    const newest = [...LANDING_SAMPLE.trades].sort((a, b) => b.time.localeCompare(a.time))[0]!;
    expect(rows[0]!.getAttribute('data-key')).toBe(newest.key);
    expect(within(rows[0]!).getByText(newest.ticker)).toBeTruthy();
    expect(within(rows[0]!).getByText(`$${Math.round(newest.cost_basis).toLocaleString('en-US')}K`)).toBeTruthy();

    for (const title of [
      'Top Call Premiums',
      'Top Put Premiums',
      'SPY Premiums by Strike',
      'SPY Cumulative Premiums',
    ]) {
      expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    }
    expect(screen.getAllByRole('link', { name: 'Top Premiums' })[0]!.getAttribute('href')).toBe(
      '/optionsflowtoppremiums',
    );
    expect(screen.getAllByRole('article')).toHaveLength(4);
  });

  it('lists the largest call and put premiums first in the chart data', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Real-time option flow data' }, { timeout: 15_000 });
    const [callsData, putsData] = screen.getAllByRole('button', { name: 'Show data' });
    await userEvent.click(callsData!);
    await userEvent.click(putsData!);
    const firstLabel = (id: string) => within(screen.getByTestId(id)).getAllByRole('row')[1]!.textContent ?? '';
    expect(firstLabel('top-call-premiums-data').startsWith(topTicker('Call'))).toBe(true);
    expect(firstLabel('top-put-premiums-data').startsWith(topTicker('Put'))).toBe(true);
  });

  it('opens Sign Up with the chosen plan from the plan cards', async () => {
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Get Basic' }, { timeout: 15_000 }));
    expect(getFormsState()).toMatchObject({ open: 'signup', plan: 'basic' });
    resetForms();
    // The closed form leaves through its exit transition, hiding the page from role queries until it is gone.
    await userEvent.click(await screen.findByRole('button', { name: 'Start free' }));
    expect(getFormsState()).toMatchObject({ open: 'signup', plan: 'free' });
  });
});

describe('promo page', () => {
  beforeEach(() => {
    resetForms();
    mockApi({ '/api/get_app_info': [200, demoInfo] });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the offer texts and SIGN UP NOW opens Sign Up with the Basic plan', async () => {
    renderApp('/reddit-ads');
    expect(await screen.findByRole('heading', { name: 'UNUSUAL OPTIONS FLOW' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('Follow smart money with large options trades data')).toBeTruthy();
    expect(screen.getByText('ONLY $39 per month')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'SIGN UP NOW' }));
    expect(getFormsState()).toMatchObject({ open: 'signup', plan: 'basic' });
  });
});
