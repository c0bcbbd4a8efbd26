import { expect, test } from '@playwright/test';
import { expectEscapeDismissesLoader } from './support/loader.ts';
import { sectorPerformanceSchema } from '@tapewatch/shared/schemas/sectors';

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

    const shown = await rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th,td')].map((c) => c.textContent?.trim() ?? '')));
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
    const firstCells = await card.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => tr.querySelector('th,td')?.textContent?.trim()));
    expect(firstCells).toEqual(api.bar_data.chg_1y.index);
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
