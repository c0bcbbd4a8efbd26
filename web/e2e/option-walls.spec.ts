import { expect, test, type Locator } from '@playwright/test';
import { optionMinmaxSchema, optionWallsSchema } from '@tapewatch/shared/schemas/option-walls';

const whole = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 0 });
const fmt = (v: number | null | undefined) => (v === null || v === undefined ? '-' : whole.format(v));
const strike = (k: number) => (k % 1 === 0 ? whole.format(k) : k.toFixed(2));
const cells = (rows: Locator) =>
  rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th,td')].map((c) => c.textContent?.trim() ?? '')));

test.describe('Option Walls', () => {
  test('the walls table holds the API numbers, and an expiry toggle removes its rows', async ({ page, request }) => {
    const api = optionWallsSchema.parse(await (await request.get('/api/get_option_walls')).json());
    const expiries = Object.keys(api.data).sort();
    expect(expiries.length).toBeGreaterThan(1);
    await page.goto('/optionwalls');
    await expect(page.getByRole('heading', { name: 'Option Walls', level: 1 })).toBeVisible();
    await expect(page.getByText(/Data updates at 4:35pm EST/)).toBeVisible();

    const card = page.getByRole('region', { name: 'Delta-Adjusted OI per Strike' });
    await expect(card.locator('svg rect').first()).toBeAttached();
    await card.getByRole('button', { name: 'Show data' }).click();
    const rows = page.getByTestId('walls-table').getByTestId('walls-row');
    const total = expiries.reduce((n, e) => n + api.data[e]!.x_values.length, 0);
    await expect(rows).toHaveCount(total);
    const first = api.data[expiries[0]!]!;
    const shown = await cells(rows);
    expect(shown[0]).toEqual([
      strike(first.x_values[0]!),
      expiries[0],
      fmt(first.y_call_values[0]),
      fmt(first.y_put_values[0]),
    ]);
    const lastExpiry = api.data[expiries.at(-1)!]!;
    const n = lastExpiry.x_values.length - 1;
    expect(shown.at(-1)).toEqual([
      strike(lastExpiry.x_values[n]!),
      expiries.at(-1),
      fmt(lastExpiry.y_call_values[n]),
      fmt(lastExpiry.y_put_values[n]),
    ]);

    const toggle = card.getByRole('button', { name: expiries[0] });
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(rows).toHaveCount(total - first.x_values.length);
    expect((await cells(rows))[0]![1]).toBe(expiries[1]);
    await toggle.click();
    await expect(rows).toHaveCount(total);
  });

  test('the GEX chart shows the walls, zero gamma and spot the API computed, with its per-strike numbers', async ({
    page,
    request,
  }) => {
    const api = optionWallsSchema.parse(await (await request.get('/api/get_option_walls')).json());
    await page.goto('/optionwalls');
    const card = page.getByRole('region', { name: 'Gamma Exposure per Strike' });
    for (const [id, value] of [
      ['spot', api.spot],
      ['call_wall', api.gex.call_wall],
      ['put_wall', api.gex.put_wall],
      ['zero_gamma', api.gex.zero_gamma],
    ] as const) {
      if (value === null) continue;
      await expect(card.getByTestId(`level-${id}`)).toContainText(value.toFixed(2));
      await expect(card.getByTestId(`ref-${id}`)).toBeAttached();
    }
    await card.getByRole('button', { name: 'Show data' }).click();
    const rows = page.getByTestId('gex-table').getByTestId('gex-row');
    await expect(rows).toHaveCount(api.gex.strikes.length);
    const shown = await cells(rows);
    const expected = api.gex.strikes.map((k, i) => [
      strike(k),
      fmt(api.gex.call_gex[i]),
      fmt(api.gex.put_gex[i]),
      fmt(api.gex.net_gex[i]),
    ]);
    expect(shown).toEqual(expected);
    // The call wall row holds the largest call GEX of the table.
    const wallRow = shown.find((r) => r[0] === strike(api.gex.call_wall!))!;
    expect(Number(wallRow[1]!.replaceAll(',', ''))).toBe(
      Math.max(...shown.map((r) => Number(r[1]!.replaceAll(',', '')))),
    );
  });

  test('the min/max chart plots every stored day with the API values and strikes', async ({ page, request }) => {
    const api = optionMinmaxSchema.parse(await (await request.get('/api/get_option_minmax')).json());
    expect(api.dates.length).toBeGreaterThan(20);
    await page.goto('/optionwalls');
    const card = page.getByRole('region', { name: 'Maximum and Minimum Delta-Adjusted OI per Date' });
    // One line per series, a vertex per date that has a value.
    const lines = card.locator('[role=img] svg path');
    await expect(lines).toHaveCount(2);
    const vertices = await lines.evaluateAll((ps) => ps.map((p) => (p.getAttribute('d')?.match(/[ML]/g) ?? []).length));
    expect(vertices).toEqual([api.calls.filter((v) => v !== null).length, api.puts.filter((v) => v !== null).length]);
    await card.getByRole('button', { name: 'Show data' }).click();
    const rows = page.getByTestId('minmax-table').getByTestId('minmax-row');
    await expect(rows).toHaveCount(api.dates.length);
    const expected = api.dates.map((d, i) => [
      d,
      fmt(api.calls[i]),
      fmt(api.call_strikes[i]),
      fmt(api.puts[i]),
      fmt(api.put_strikes[i]),
    ]);
    expect(await cells(rows)).toEqual(expected);

    // Hovering the chart names the strike behind each value.
    const plot = card.locator('[role=img]');
    const box = (await plot.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.4);
    await expect(card.getByRole('tooltip')).toContainText(/strike \d+/);
  });

  test('the sidebar opens the screen', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/Sectorperformance');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Option Walls' }).click();
    await expect(page).toHaveURL(/\/optionwalls$/);
    await expect(page.getByRole('heading', { name: 'Gamma Exposure per Strike' })).toBeVisible();
  });
});
