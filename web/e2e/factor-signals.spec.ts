import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectEscapeDismissesLoader } from './support/loader.ts';
import { SIGNAL_FACTORS, signalsResponse, type SignalRow } from '@tapewatch/shared/schemas/signals';

const label = new Map<string, string>(SIGNAL_FACTORS.map((f) => [f.id, f.label]));
const fmt = (v: number) => v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const cellsOf = (rows: Locator) =>
  rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((c) => c.textContent?.trim() ?? '')));
const byExpected = (rows: readonly SignalRow[]) => [...rows].sort((a, b) => b.expected_ret - a.expected_ret);
const expectedCells = (r: SignalRow) => [
  r.date,
  r.ticker,
  `${fmt(r.expected_ret)}%`,
  r.profit_loss_ratio === null ? '∞' : fmt(r.profit_loss_ratio),
  `${fmt(r['profitable%'])}%`,
  `${r.period} ${r.timeframe === 'daily' ? 'day' : 'week'}${r.period === 1 ? '' : 's'}`,
  r.timeframe === 'daily' ? 'Daily' : 'Weekly',
  label.get(r.factor)!,
];

async function pick(page: Page, filter: string, option: string) {
  await page.getByTestId(`signal-filter-${filter}`).getByRole('combobox').click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

test.describe('Factor Analysis / All', () => {
  // The filter walk reloads the table a dozen times: 27 s of a 30 s limit on a quiet runner.
  test.setTimeout(60_000);
  test('rows match the API; filter combinations, Clear, and a row click opens the single page in a new tab', async ({
    page,
    request,
  }) => {
    const api = signalsResponse.parse(await (await request.get('/api/get_signals_data')).json());
    expect(api.length).toBeGreaterThan(20);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/factor-analysis-table');
    const table = page.getByRole('table', { name: 'Signals table' });
    const rows = table.getByTestId('data-row');
    await expect(rows).toHaveCount(20);
    await expect(page.getByTestId('signals-count')).toHaveText(`${api.length} signals`);
    expect(await cellsOf(rows)).toEqual(byExpected(api).slice(0, 20).map(expectedCells));

    // Timeframe Weekly AND expected return in 0-10% OR 10-20% (any selected bucket).
    await pick(page, 'timeframe', 'Weekly');
    await pick(page, 'expectedReturn', '0-10%');
    await pick(page, 'expectedReturn', '10-20%');
    const want = api.filter((r) => r.timeframe === 'weekly' && r.expected_ret >= 0 && r.expected_ret < 20);
    expect(want.some((r) => r.expected_ret < 10) || want.some((r) => r.expected_ret >= 10)).toBe(true);
    await expect(page.getByTestId('signals-count')).toHaveText(`${want.length} of ${api.length} signals`);
    expect(await cellsOf(rows)).toEqual(byExpected(want).slice(0, 20).map(expectedCells));

    // Add sectors and a profitable bucket: still the intersection of the filters.
    await pick(page, 'sector', 'Technology');
    await pick(page, 'sector', 'Healthcare');
    const want2 = want.filter((r) => r.sector === 'Technology' || r.sector === 'Healthcare');
    await expect(page.getByTestId('signals-count')).toHaveText(`${want2.length} of ${api.length} signals`);
    if (want2.length > 0) expect(await cellsOf(rows)).toEqual(byExpected(want2).slice(0, 20).map(expectedCells));
    else await expect(page.getByTestId('signals-empty')).toHaveText('No signals match the filters.');

    // Market cap Mega or Micro, Factor: only those rows.
    await page.getByRole('button', { name: 'Clear' }).click();
    await pick(page, 'marketCap', 'Mega Cap');
    await pick(page, 'marketCap', 'Large Cap');
    await pick(page, 'profitable', '60-70%');
    await pick(page, 'profitable', '70-80%');
    const want3 = api.filter(
      (r) => r.marketcap !== null && r.marketcap >= 10e9 && r['profitable%'] >= 60 && r['profitable%'] < 80,
    );
    await expect(page.getByTestId('signals-count')).toHaveText(`${want3.length} of ${api.length} signals`);

    // Clear empties all six filters.
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(page.getByTestId('signals-count')).toHaveText(`${api.length} signals`);
    for (const f of ['factor', 'sector', 'marketCap', 'expectedReturn', 'profitable', 'timeframe']) {
      await expect(page.getByTestId(`signal-filter-${f}`).locator('input')).toHaveValue('');
    }

    // A row click opens /factor-analysis/{factor}/{lowercase timeframe}/{ticker} in a new tab.
    const first = byExpected(api)[0]!;
    const [popup] = await Promise.all([page.waitForEvent('popup'), rows.first().click()]);
    await popup.waitForLoadState('domcontentloaded');
    expect(new URL(popup.url()).pathname).toBe(`/factor-analysis/${first.factor}/${first.timeframe}/${first.ticker}`);
    expect(page.url()).toContain('/factor-analysis-table');
    await popup.close();
  });

  test('pages through the signals 20 at a time and exports CSV', async ({ page, request }) => {
    const api = signalsResponse.parse(await (await request.get('/api/get_signals_data')).json());
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/factor-analysis-table');
    const rows = page.getByRole('table', { name: 'Signals table' }).getByTestId('data-row');
    await expect(rows).toHaveCount(20);
    await page.getByRole('button', { name: 'Go to page 2' }).click();
    await expect(rows).toHaveCount(Math.min(20, api.length - 20));
    expect((await cellsOf(rows))[0]).toEqual(expectedCells(byExpected(api)[20]!));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('factor-signals.csv');
  });

  test('Escape dismisses the loader while the signals are requested', async ({ page }) => {
    await expectEscapeDismissesLoader(page, '**/api/get_signals_data', '/factor-analysis-table');
  });

  test('the API rejects parameters with a 400 alert', async ({ request }) => {
    const res = await request.get('/api/get_signals_data?timeframe=daily');
    expect(res.status()).toBe(400);
    expect(await res.json()).toMatchObject({ alert_show: true, alert_message: expect.stringContaining('timeframe') });
  });
});
