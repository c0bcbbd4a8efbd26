import { expect, test } from '@playwright/test';
import { expectEscapeDismissesLoader } from './support/loader.ts';
import { sectorPerformanceSchema } from '@tapewatch/shared/schemas/sectors';
import { mcHeatmapResponse } from '@tapewatch/shared/schemas/sector-rotation';

/** Market cap as the map prints it ($1.23T, $45.6B, $789M), written out here independently of the app. */
const cap = (v: number) =>
  v >= 1e12 ? `$${(v / 1e12).toFixed(2)}T` : v >= 1e9 ? `$${(v / 1e9).toFixed(1)}B` : `$${(v / 1e6).toFixed(0)}M`;

test.describe('Sector Performance', () => {
  test('shows the 11 sectors with the numbers the API computed', async ({ page, request }) => {
    const api = sectorPerformanceSchema.parse(await (await request.get('/api/get_sector_performance_data')).json());
    await page.goto('/Sectorperformance');
    await expect(page.getByRole('heading', { name: 'Sector Performance', level: 1 })).toBeVisible();
    await expect(page.getByTestId('demo-badge')).toContainText('Demo data as of 2024-03-08');

    const card = page.getByRole('region', { name: 'Performance Heatmap' });
    await card.getByRole('button', { name: 'Show data' }).click();
    const rows = page.getByTestId('performance-table').getByTestId('performance-row');
    await expect(rows).toHaveCount(11);

    const shown = await rows.evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('th,td')].map((c) => c.textContent?.trim() ?? '')),
    );
    const expected = api.heatmap_data.y.map((sector, yi) => [
      sector,
      ...api.heatmap_data.x.map((_, xi) => {
        const v = api.heatmap_data.returns_data.find(([x, y]) => x === xi && y === yi)?.[2];
        return v === null || v === undefined ? '—' : v.toFixed(2);
      }),
    ]);
    expect(shown.map((r) => r.slice(0, 7))).toEqual(expected);
  });

  test('the 1 Year bar chart ranks the sectors as the API does', async ({ page, request }) => {
    const api = sectorPerformanceSchema.parse(await (await request.get('/api/get_sector_performance_data')).json());
    await page.goto('/SectorPerformance');
    const card = page.getByRole('region', { name: '1 Year Performance' });
    await card.getByRole('button', { name: 'Show data' }).click();
    const firstCells = await card
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => tr.querySelector('th,td')?.textContent?.trim()));
    expect(firstCells).toEqual(api.bar_data.chg_1y.index);
  });

  test('the Market Map draws and tabulates every S&P 500 member the API returns', async ({ page, request }) => {
    const api = mcHeatmapResponse.parse(await (await request.get('/api/get_mc_heatmap_data')).json());
    expect(api.data.length).toBeGreaterThan(400);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/Sectorperformance');
    const card = page.getByRole('region', { name: 'Market Map' });
    await card.scrollIntoViewIfNeeded();
    // One box per member, each with its tooltip naming ticker, change and cap.
    const boxes = card.locator('[data-testid="market-map"] g[data-ticker]');
    await expect(boxes).toHaveCount(api.data.length);
    const top = api.data.reduce((a, b) => (b.market_cap > a.market_cap ? b : a));
    const estimate = api.market_cap_is_estimate ? ' (estimate)' : '';
    await expect(card.locator(`g[data-ticker="${top.ticker}"] title`)).toHaveText(
      `${top.ticker} ${top.company} (${top.sector}): ${top.change_pct.toFixed(2)}%, market cap ${cap(top.market_cap)}${estimate}`,
    );
    // The data table: the API rows, in the API's order.
    await card.getByRole('button', { name: 'Show data' }).click();
    const rows = page.getByTestId('market-map-table').locator('tbody tr');
    await expect(rows).toHaveCount(api.data.length);
    const shown = await rows.evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('th,td')].map((c) => c.textContent?.trim() ?? '')),
    );
    expect(shown).toEqual(
      api.data.map((r) => [r.ticker, r.company, r.sector, cap(r.market_cap), r.change_pct.toFixed(2)]),
    );
  });
});

test('an unknown path shows Page Not Found', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('Page Not Found')).toBeVisible();
});

test('Escape dismisses the full-page loader', async ({ page }) => {
  await expectEscapeDismissesLoader(page, '**/api/get_sector_performance_data', '/Sectorperformance');
});

test('unknown API paths answer JSON 404, bad parameters a 400 alert', async ({ request }) => {
  const missing = await request.get('/api/get_nothing');
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toMatchObject({ alert_show: true });
  const bad = await request.get('/api/get_sector_performance_data?window=abc');
  expect(bad.status()).toBe(400);
  expect((await bad.json()).alert_message).toContain("'window'");
});
