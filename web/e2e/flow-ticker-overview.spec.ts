import { expect, test, type Page, type Response } from '@playwright/test';
import { join } from 'node:path';
import type {
  IntradayPremiums,
  LatestTrades,
  TickerMetrics1d,
  TickerMetrics5d,
} from '@tapewatch/shared/schemas/flow-ticker-overview';
import { groupFlow } from '@tapewatch/shared/flow/spreads';
import { makeBasic, openAs, signupAndLogin } from './support/users.ts';

const shots = join(import.meta.dirname, '../../test-results/flow-ticker-overview');

// The screen's formats (web/src/lib/format.ts), rebuilt here from the raw API numbers.
const int = (v: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(v);
const dec2 = (v: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v);
const usdK = (v: number) => `${v < 0 ? '-' : ''}$${int(Math.abs(v))}K`;
const score = (v: number | null) => (v === null ? '-' : dec2(v));
const chg = (v: number | null) => (v === null ? '-' : `${v > 0 ? '+' : ''}${dec2(v)}%`);

/** The answer the page itself got for a route (with the given query part), so live growth cannot race the comparison. */
const answer = (page: Page, name: string, query = '') =>
  page.waitForResponse(
    (r: Response) => r.url().includes(`/api/${name}?`) && r.url().includes(query) && r.status() === 200,
    { timeout: 30_000 },
  );

const cells = async (page: Page, table: string, metric: string) =>
  page.getByRole('table', { name: table }).locator(`tr[data-metric="${metric}"]`).locator('th, td').allTextContents();

async function expectMetrics(page: Page, d1: TickerMetrics1d, d5: TickerMetrics5d) {
  await expect
    .poll(() => cells(page, '1-Day Metrics', 'call_premiums'))
    .toEqual([
      'Call Premiums',
      usdK(d1.current.call_premiums),
      usdK(d1.prior.call_premiums),
      chg(d1.prior.call_premiums_chg),
    ]);
  expect(await cells(page, '1-Day Metrics', 'put_flow')).toEqual([
    'Put Flows',
    int(d1.current.put_flow),
    int(d1.prior.put_flow),
    chg(d1.prior.put_flow_chg),
  ]);
  expect(await cells(page, '1-Day Metrics', 'avg_call_score')).toEqual([
    'Avg Call Score',
    score(d1.current.avg_call_score),
    score(d1.prior.avg_call_score),
    chg(d1.prior.avg_call_score_chg),
  ]);
  expect(await cells(page, '5-Day Metrics', 'put_premiums')).toEqual([
    'Put Premiums',
    usdK(d5.put_premiums),
    chg(d5.put_premiums_chg),
  ]);
  expect(await cells(page, '5-Day Metrics', 'call_flow')).toEqual([
    'Call Flows',
    int(d5.call_flow),
    chg(d5.call_flow_chg),
  ]);
}

test.describe('options flow ticker overview', () => {
  test.setTimeout(180_000);

  test('a subscriber sees the API numbers, switches interval and ticker (each reloads), and a browser reload keeps the ticker', async ({
    page,
    request,
  }) => {
    const jwt = await signupAndLogin(request, `tov_${Date.now().toString(36).slice(-8)}`);
    await makeBasic(request, jwt);
    await page.setViewportSize({ width: 1440, height: 1000 });
    const first = [
      answer(page, 'get_options_flow_ticker_metrics_1d_data'),
      answer(page, 'get_options_flow_ticker_metrics_data'),
      answer(page, 'get_options_flow_intraday_premiums_data', 'interval=1'),
      answer(page, 'get_options_flow_latest_trades_data'),
    ] as const;
    await openAs(page, jwt, '/optionsflow-ticker-overview');
    await expect(page.getByRole('heading', { name: 'Ticker Overview', level: 1 })).toBeVisible();
    await expect(
      page.getByRole('group', { name: 'Options Flow' }).getByRole('link', { name: 'Ticker Overview' }),
    ).toHaveAttribute('href', '/optionsflow-ticker-overview');
    const [r1, r5, ri, rl] = await Promise.all(first);
    expect(new URL(r1.url()).searchParams.get('ticker')).toBe('SPY');
    const d1 = (await r1.json()) as TickerMetrics1d;
    await expectMetrics(page, d1, (await r5.json()) as TickerMetrics5d);
    expect(d1.current.call_flow).toBeGreaterThan(0);

    // Intraday (10 minutes by default): the chart's data table equals the answer.
    const intraday = (await ri.json()) as IntradayPremiums;
    expect(intraday.minutes).toBe(10);
    const chart = page.getByRole('region', { name: 'Intraday Premiums' });
    await chart.getByRole('button', { name: 'Show data' }).click();
    await expect(page.getByTestId('intraday-row')).toHaveCount(intraday.index.length);
    const row0 = await page.getByTestId('intraday-row').first().locator('th, td').allTextContents();
    const o = intraday.ohlc[0]!;
    expect(row0.slice(0, 7)).toEqual([
      intraday.index[0],
      dec2(o[0]),
      dec2(o[1]),
      dec2(o[2]),
      dec2(o[3]),
      int(intraday.calls[0]!),
      int(intraday.puts[0]!),
    ]);
    await expect(page.getByTestId('seasonality-coverage')).toContainText('full days');

    // Zoom: the buttons halve the window down to the 25% minimum; the wheel zooms back out.
    const buckets = chart.locator('g[data-bucket]');
    await expect(buckets).toHaveCount(intraday.index.length);
    await chart.getByRole('button', { name: 'Zoom in' }).click();
    await chart.getByRole('button', { name: 'Zoom in' }).click();
    await expect(chart.getByRole('button', { name: 'Zoom in' })).toBeDisabled();
    const quarter = await buckets.count();
    expect(quarter).toBeLessThanOrEqual(Math.ceil(intraday.index.length / 4) + 1);
    expect(quarter).toBeGreaterThanOrEqual(Math.floor(intraday.index.length / 4));
    // The pointer must be over the plot: bring it into the viewport first (the zoom buttons' scroll
    // can leave its top above it, and a wheel there would scroll the page instead).
    await chart.locator('svg[role="presentation"]').scrollIntoViewIfNeeded();
    const box = (await chart.locator('svg[role="presentation"]').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
    for (let i = 0; i < 8; i++) await page.mouse.wheel(0, 200);
    await expect(buckets).toHaveCount(intraday.index.length);
    await expect(chart.getByRole('button', { name: 'Zoom out' })).toBeDisabled();

    // Latest Trades: the first row is the answer's newest trade, or the multi-leg order it is a leg
    // of (one row: its lead leg's time, the order's net premium).
    const head = groupFlow(((await rl.json()) as LatestTrades).data)[0]!;
    const firstRow = page.getByRole('table', { name: 'Latest Trades' }).getByTestId('flow-row').first();
    await expect(firstRow).toHaveAttribute('data-key', head.key);
    await expect(firstRow).toContainText(head.time);
    await expect(firstRow).toContainText(usdK(head.cost_basis));
    // Issue 41: at 1440 px the whole table shows, Premium included, with no sideways scroll.
    const fits = () =>
      page.getByRole('table', { name: 'Latest Trades' }).evaluate((table) => {
        const box = table.closest('.MuiTableContainer-root')!;
        return { hidden: box.scrollWidth - box.clientWidth, page: document.documentElement.scrollWidth - innerWidth };
      });
    expect(await fits()).toEqual({ hidden: 0, page: 0 });
    // The table sits below the fold at 1000 px: bring its first column into view (a vertical scroll),
    // then its last column (Premium) must be on screen too, not cut at the right edge.
    const latestHeaders = page.getByRole('table', { name: 'Latest Trades' }).getByRole('columnheader');
    await latestHeaders.first().scrollIntoViewIfNeeded();
    await expect(latestHeaders.last()).toBeInViewport();
    await page.screenshot({ path: join(shots, 'spy-1440-light.png'), fullPage: true });

    // The interval reloads the intraday chart.
    const half = answer(page, 'get_options_flow_intraday_premiums_data', 'interval=2');
    await page.getByRole('button', { name: '30 minutes' }).click();
    const thirty = (await (await half).json()) as IntradayPremiums;
    expect(thirty.minutes).toBe(30);
    await expect(page.getByTestId('intraday-row')).toHaveCount(thirty.index.length);
    await expect(page.getByTestId('intraday-row').first().locator('th')).toHaveText(thirty.index[0]!);

    // The global ticker reloads everything.
    const next = [
      answer(page, 'get_options_flow_ticker_metrics_1d_data', 'ticker=QQQ'),
      answer(page, 'get_options_flow_ticker_metrics_data', 'ticker=QQQ'),
      answer(page, 'get_options_flow_latest_trades_data', 'ticker=QQQ'),
      answer(page, 'get_options_flow_intraday_premiums_data', 'ticker=QQQ'),
    ] as const;
    await page.getByLabel('Search ticker').fill('QQQ');
    await page.getByRole('option', { name: /^QQQ - / }).click();
    const [q1, q5, ql, qi] = await Promise.all(next);
    expect(new URL(qi.url()).searchParams.get('interval')).toBe('2');
    await expectMetrics(page, (await q1.json()) as TickerMetrics1d, (await q5.json()) as TickerMetrics5d);
    // The newest print, or the multi-leg order it is a leg of (the table shows an order as one row).
    await expect(page.getByRole('table', { name: 'Latest Trades' }).getByTestId('flow-row').first()).toHaveAttribute(
      'data-key',
      groupFlow(((await ql.json()) as LatestTrades).data)[0]!.key,
    );
    await expect(page.getByRole('region', { name: 'Quote for QQQ' })).toBeVisible();

    // A browser reload keeps the global ticker (per tab) and loads it again.
    const again = answer(page, 'get_options_flow_ticker_metrics_1d_data', 'ticker=QQQ');
    await page.reload();
    await again;
    await expect(page.getByRole('table', { name: 'Latest Trades' }).getByTestId('flow-row').first()).toContainText(
      'QQQ',
    );

    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await page.screenshot({ path: join(shots, 'qqq-1440-dark.png'), fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByRole('table', { name: '1-Day Metrics' })).toBeVisible();
    await expect.poll(async () => (await fits()).page).toBe(0);
    await page.screenshot({ path: join(shots, 'qqq-375-dark.png'), fullPage: true });
    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    await page.screenshot({ path: join(shots, 'qqq-375-light.png'), fullPage: true });
  });

  test('a free user gets the subscription gate alert', async ({ page, request }) => {
    const jwt = await signupAndLogin(request, `tof_${Date.now().toString(36).slice(-8)}`);
    await openAs(page, jwt, '/optionsflow-ticker-overview');
    await expect(page.locator('#alert-dialog-message')).toHaveText('You need to subscribe to access this page.');
    await page.getByRole('button', { name: 'More info' }).click();
    await expect(page).toHaveURL(/\/subscriptioncards$/);
  });
});
