import { expect, test, type Page, type Response } from '@playwright/test';
import { join } from 'node:path';
import {
  highOiLeapsResponse,
  indexMetricsResponse,
  indexQuotesResponse,
  largestFlowResponse,
  overAvgResponse,
  sectorInflowResponse,
  type LargestFlowEntry,
  type MaxChange,
  type SectorInflow,
} from '@tapewatch/shared/schemas/flow-dashboard';
import { mostOtmResponse } from '@tapewatch/shared/schemas/flow';
import { expectEscapeDismissesLoader } from './support/loader.ts';
import { makeBasic, openAs, signInPage, signupAndLogin } from './support/users.ts';

const shots = join(import.meta.dirname, '../../test-results/flow-dashboard');
const GATE = 'You need to subscribe to access this page.';

// The screen's formats, written out again so the test does not trust the code it checks.
const int = (v: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(v);
const fixed2 = (v: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v);
const usdK = (v: number) => `${Math.round(v) < 0 ? '-' : ''}$${int(Math.abs(Math.round(v)))}K`;
const signed = (v: number) => `${Math.round(v * 100) === 0 ? '' : v > 0 ? '+' : '\u2212'}${fixed2(Math.abs(v))}`;
const strike = (v: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(v);
const ratio = (c: number, a: number) => (a > 0 ? `\u00d7${(c / a).toFixed(1)}` : 'new');

/** The eight answers the page itself got (each validated against the contract), so live growth cannot race the comparison. */
function answers(page: Page) {
  const wait = <T>(name: string, parse: (body: unknown) => T) =>
    page
      .waitForResponse((r: Response) => new URL(r.url()).pathname === `/api/${name}` && r.status() === 200, {
        timeout: 60_000,
      })
      .then(async (r) => parse(await r.json()));
  return Promise.all([
    wait('get_options_flow_index_quotes_data', (b) => indexQuotesResponse.parse(b)),
    wait('get_options_flow_index_metrics_data', (b) => indexMetricsResponse.parse(b)),
    wait('get_options_flow_largest_flow_data', (b) => largestFlowResponse.parse(b)),
    wait('get_options_flow_sector_inflow_data', (b) => sectorInflowResponse.parse(b)),
    wait('get_options_flow_most_otm_data', (b) => mostOtmResponse.parse(b)),
    wait('get_options_flow_high_oi_leaps_data', (b) => highOiLeapsResponse.parse(b)),
    wait('get_options_flow_daily_over_avg_premiums_data', (b) => overAvgResponse.parse(b)),
    wait('get_options_flow_daily_over_avg_size_data', (b) => overAvgResponse.parse(b)),
  ]);
}

const cells = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((trs) => trs.map((tr) => Array.from(tr.children).map((c) => c.textContent ?? '')));
const dataRows = (page: Page, testId: string) => cells(page, `[data-testid="${testId}"] tbody tr`);
async function showData(page: Page, region: string) {
  await page.getByRole('region', { name: region }).getByRole('button', { name: 'Show data' }).click();
}
const bubbleRows = (e: readonly LargestFlowEntry[]) =>
  e.map(([t, p, side, k, exp, sentiment]) => [t, usdK(p), side, strike(k), exp, sentiment]);
const sectorRows = (s: SectorInflow) =>
  s.sectors.map((name, i) => [name, usdK(s.calls[i]!), usdK(s.puts[i]!), usdK(s.net[i]!)]);
const overRows = (m: MaxChange, f: (v: number) => string) =>
  m.tickers.map((t, i) => [t, f(m.current[i]!), f(m.average[i]!), ratio(m.current[i]!, m.average[i]!)]);

async function basicUser(page: Page, request: Parameters<typeof signupAndLogin>[0], prefix: string) {
  const jwt = await signupAndLogin(request, `${prefix}_${Date.now().toString(36).slice(-8)}`);
  await makeBasic(request, jwt);
  await page.setViewportSize({ width: 1440, height: 1000 });
  return jwt;
}

test.describe('options flow dashboard', () => {
  test.setTimeout(180_000);

  test('a basic subscriber sees the numbers the API returns', async ({ page, request }) => {
    const jwt = await basicUser(page, request, 'dash');
    const pending = answers(page);
    await openAs(page, jwt, '/optionsflow-dashboard');
    await expect(page.getByRole('heading', { name: 'Options Flow Dashboard', level: 1 })).toBeVisible();
    await expect(
      page.getByRole('group', { name: 'Options Flow' }).getByRole('link', { name: 'Options Dashboard' }),
    ).toHaveAttribute('href', '/optionsflow-dashboard');
    const [quotes, metrics, largest, sectors, otm, leaps, premiums, volume] = await pending;
    expect(largest.date, 'the demo has flow').not.toBeNull();
    const week =
      largest.week_from === largest.date
        ? '; the week so far is this day alone'
        : `; week ${largest.week_from} to ${largest.date}`;
    await expect(page.getByTestId('dashboard-coverage')).toHaveText(`Flow of ${largest.date}${week}`);

    for (const q of quotes.data) {
      const card = page.getByTestId(`index-card-${q.ticker}`);
      await expect(card.getByTestId('index-price')).toHaveText(fixed2(q.latestPrice!));
      await expect(card.getByTestId('index-change')).toHaveText(`${signed(q.change!)} (${signed(q.changePercent!)}%)`);
      const m = metrics.data.find((r) => r.ticker === q.ticker)!;
      const figures = await card.locator('dd').allTextContents();
      expect(figures).toEqual([usdK(m.call_premiums), usdK(m.put_premiums), int(m.call_flow), int(m.put_flow)]);
    }

    await showData(page, 'Daily Largest Flows');
    expect(await dataRows(page, 'largest-daily-data')).toEqual(bubbleRows(largest.daily));
    await showData(page, 'Weekly Largest Flows');
    expect(await dataRows(page, 'largest-weekly-data')).toEqual(bubbleRows(largest.weekly));
    await expect(page.getByRole('region', { name: 'Daily Largest Flows' }).locator('circle')).toHaveCount(
      largest.daily.length,
    );
    await showData(page, 'Daily Sector Inflow');
    expect(await dataRows(page, 'sector-daily-data')).toEqual(sectorRows(sectors.daily));
    await showData(page, 'Weekly Sector Inflow');
    expect(await dataRows(page, 'sector-weekly-data')).toEqual(sectorRows(sectors.weekly));
    for (const [answer, measure, f] of [
      [premiums, 'premiums', usdK],
      [volume, 'volume', int],
    ] as const) {
      for (const side of ['calls', 'puts'] as const) {
        await showData(
          page,
          `${side === 'calls' ? 'Call' : 'Put'} ${measure === 'premiums' ? 'Premiums' : 'Volume'} vs 20-Day Average`,
        );
        expect(await dataRows(page, `over-avg-${measure}-${side}-data`)).toEqual(overRows(answer[side], f));
      }
    }

    // Most OTM Flows: OTM By descending in pages of 12 (ticker, premium, OTM By columns; Date gives way under
    // 1600 px; Vol/OI, issue 39, sits before Score and Premium).
    const otmTable = page.getByRole('table', { name: 'Most OTM Flows' });
    const otmCells = async () =>
      (await cells(page, 'table[aria-label="Most OTM Flows"] tbody tr[data-testid="data-row"]')).map((r) => [
        r[1],
        r[13],
        r[14],
      ]);
    const byOtm = [...otm.data]
      .sort((a, b) => b.otm - a.otm)
      .map((t) => [t.ticker, usdK(t.cost_basis), `${Math.round(t.otm)}%`]);
    await expect.poll(otmCells).toEqual(byOtm.slice(0, 12));
    if (otm.data.length > 12) {
      await page.getByRole('region', { name: 'Most OTM Flows' }).getByRole('button', { name: 'Go to page 2' }).click();
      await expect.poll(otmCells).toEqual(byOtm.slice(12, 24));
    }
    await otmTable.getByRole('button', { name: 'Ticker' }).click();
    const byTicker = [...otm.data].sort((a, b) =>
      a.ticker.localeCompare(b.ticker, 'en', { numeric: true, sensitivity: 'base' }),
    );
    await page.getByRole('region', { name: 'Most OTM Flows' }).getByRole('button', { name: 'Go to page 1' }).click();
    await expect.poll(async () => (await otmCells())[0]?.[0]).toBe(byTicker[0]!.ticker);

    // High OI LEAPS: open interest descending (ticker, DTE, OI columns).
    const leapsCells = async () =>
      (await cells(page, 'table[aria-label="High OI LEAPS"] tbody tr[data-testid="data-row"]')).map((r) => [
        r[1],
        r[4],
        r[9],
      ]);
    const byOi = [...leaps.data]
      .sort((a, b) => b.open_interest - a.open_interest)
      .map((t) => [t.ticker, String(t.DTE), int(t.open_interest)]);
    await expect.poll(leapsCells).toEqual(byOi.slice(0, 12));
    expect(leaps.data.every((t) => t.DTE >= 365)).toBe(true);

    await page.screenshot({ path: join(shots, 'dashboard-1440-light.png'), fullPage: true });
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await page.screenshot({ path: join(shots, 'dashboard-1440-dark.png'), fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: join(shots, 'dashboard-375-dark.png'), fullPage: true });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    await page.screenshot({ path: join(shots, 'dashboard-375-light.png'), fullPage: true });
  });

  test('the ticker route highlights that ticker in the bubbles and table rows', async ({ page, request }) => {
    const jwt = await basicUser(page, request, 'dashhl');
    const pending = answers(page);
    await openAs(page, jwt, '/optionsflow-dashboard');
    const [, , largest, , otm] = await pending;
    const ticker = largest.daily[0]![0];

    const again = answers(page);
    await page.goto(`/optionsflow-dashboard/${ticker.toLowerCase()}`);
    const [, , largest2, , otm2] = await again;
    await expect(page.getByTestId('dashboard-highlight')).toHaveText(
      `Highlighting ${ticker}: its bubbles are outlined and its rows marked. Clear highlight`,
    );
    const daily = page.getByRole('region', { name: 'Daily Largest Flows' });
    await expect(daily.locator('circle[data-emphasized="true"]')).toHaveCount(
      largest2.daily.filter((e) => e[0] === ticker).length,
    );
    expect(
      await daily
        .locator('circle[data-emphasized="true"]')
        .evaluateAll((cs) => cs.map((c) => c.getAttribute('data-category'))),
    ).toEqual(largest2.daily.filter((e) => e[0] === ticker).map(() => ticker));
    const page1 = [...otm2.data].sort((a, b) => b.otm - a.otm).slice(0, 12);
    const marked = await cells(page, 'table[aria-label="Most OTM Flows"] tr[data-marked="true"]');
    expect(marked.map((r) => r[1])).toEqual(page1.filter((t) => t.ticker === ticker).map((t) => t.ticker));
    await page.screenshot({ path: join(shots, `dashboard-${ticker}-1440-light.png`), fullPage: true });
    expect(otm.data.length).toBeGreaterThan(0);

    // A ticker without flow here highlights nothing.
    await page.goto('/optionsflow-dashboard/ZZZZQ');
    await expect(page.getByTestId('dashboard-highlight')).toHaveText(
      'ZZZZQ has no flow on this dashboard, so nothing is highlighted. Clear highlight',
    );
    await expect(page.locator('[data-emphasized], tr[data-marked]')).toHaveCount(0);
    await page.getByRole('link', { name: 'Clear highlight' }).click();
    await expect(page).toHaveURL(/\/optionsflow-dashboard$/);
  });

  test('Escape dismisses the loader', async ({ page, request }) => {
    const jwt = await basicUser(page, request, 'dashesc');
    // Signed in from the first load, which is the screen's own (a load of / first only cost a page).
    await signInPage(page, jwt);
    await expectEscapeDismissesLoader(page, '**/api/get_options_flow_largest_flow_data', '/optionsflow-dashboard');
    await expect(page.getByRole('region', { name: 'Daily Largest Flows' })).toBeVisible({ timeout: 30_000 });
  });

  test('a free user gets the subscribe alert, and More info opens the plans', async ({ page, request }) => {
    const jwt = await signupAndLogin(request, `dashf_${Date.now().toString(36).slice(-8)}`);
    const flowCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/get_options_flow_')) flowCalls.push(r.url());
    });
    await openAs(page, jwt, '/optionsflow-dashboard/SPY');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(GATE)).toBeVisible({ timeout: 20_000 });
    expect(flowCalls).toEqual([]);
    await dialog.getByRole('button', { name: 'More info' }).click();
    await expect(page).toHaveURL(/\/subscriptioncards$/);
  });
});
