import { expect, test, type Page, type Response } from '@playwright/test';
import { join } from 'node:path';
import type {
  ByStrikeResponse,
  HistoricalPremiumResponse,
  TopPremiumsResponse,
} from '@tapewatch/shared/schemas/flow-cumulative-top';
import { expectEscapeDismissesLoader } from './support/loader.ts';
import { makeBasic, openAs, signInPage, signupAndLogin } from './support/users.ts';

const shots = join(import.meta.dirname, '../../test-results/flow-cumulative-top');
const int = (v: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(v);
const usdK = (v: number) => `${Math.round(v) < 0 ? '-' : ''}$${int(Math.abs(Math.round(v)))}K`;

/** The answer the page itself got, so live growth cannot race the comparison. */
const answer = (page: Page, name: string, query = '') =>
  page.waitForResponse(
    (r: Response) => r.url().includes(`/api/${name}?`) && r.url().includes(query) && r.status() === 200,
    { timeout: 30_000 },
  );
const rows = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => Array.from(tr.children).map((c) => c.textContent ?? '')));

async function pick(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).locator('xpath=..').getByRole('combobox').click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('options flow cumulative stats and top premiums', () => {
  test.setTimeout(180_000);

  test('cumulative stats: numbers equal the API, lookback and ticker reload', async ({ page, request }) => {
    const jwt = await signupAndLogin(request, `cum_${Date.now().toString(36).slice(-8)}`);
    await makeBasic(request, jwt);
    await page.setViewportSize({ width: 1440, height: 1000 });
    const first = [
      answer(page, 'get_options_flow_historical_premium_data', 'lookback=20'),
      answer(page, 'get_options_flow_by_strike_data', 'lookback=20'),
    ] as const;
    await openAs(page, jwt, '/optionsflowcumulativestats');
    await expect(page.getByRole('heading', { name: 'Cumulative Stats', level: 1 })).toBeVisible();
    await expect(
      page.getByRole('group', { name: 'Options Flow' }).getByRole('link', { name: 'Cumulative Stats' }),
    ).toHaveAttribute('href', '/optionsflowcumulativestats');
    const [rh, rs] = await Promise.all(first);
    expect(new URL(rh.url()).searchParams.get('ticker')).toBe('SPY');
    const h = (await rh.json()) as HistoricalPremiumResponse;
    expect(h.dates.length).toBeGreaterThan(1);
    const cum = page.getByRole('region', { name: 'Cumulative Premiums: SPY' });
    await cum.getByRole('button', { name: 'Show data' }).click();
    const expected = h.dates.map((d, i) => [
      d,
      usdK(h.cum_net_premiums[i]!),
      usdK(h.cum_call_premiums[i]!),
      usdK(h.cum_put_premiums[i]!),
      h.prices[i]!.toFixed(2),
    ]);
    expect(await rows(page, 'cumulative-data')).toEqual(expected);
    const s = (await rs.json()) as ByStrikeResponse;
    await page
      .getByRole('region', { name: 'Premiums by Strike: SPY' })
      .getByRole('button', { name: 'Show data' })
      .click();
    const strikeRows = await rows(page, 'by-strike-data');
    expect(strikeRows).toHaveLength(s.strike_price.length);
    const i = s.call_premiums.indexOf(Math.max(...s.call_premiums));
    expect(strikeRows[i]!.slice(1)).toEqual([
      usdK(s.call_premiums[i]!),
      usdK(s.put_premiums[i]!),
      int(s.call_size[i]!),
      int(s.put_size[i]!),
    ]);
    await page.screenshot({ path: join(shots, 'cum-1440-light.png'), fullPage: true });

    // The cumulative lookback reloads (with the loader) and the table follows the new answer.
    const two = answer(page, 'get_options_flow_historical_premium_data', 'lookback=2');
    await pick(page, 'cumulative-lookback', '2');
    const h2 = (await (await two).json()) as HistoricalPremiumResponse;
    await expect
      .poll(() => rows(page, 'cumulative-data'))
      .toEqual(
        h2.dates.map((d, j) => [
          d,
          usdK(h2.cum_net_premiums[j]!),
          usdK(h2.cum_call_premiums[j]!),
          usdK(h2.cum_put_premiums[j]!),
          h2.prices[j]!.toFixed(2),
        ]),
      );
    expect(h2.dates.length).toBeLessThanOrEqual(2);

    // A new ticker reloads both charts and lands in the URL.
    const next = [
      answer(page, 'get_options_flow_historical_premium_data', 'ticker=QQQ'),
      answer(page, 'get_options_flow_by_strike_data', 'ticker=QQQ'),
    ] as const;
    await page.getByLabel('Search ticker').fill('QQQ');
    await page.getByRole('option', { name: /^QQQ - / }).click();
    const [qh] = await Promise.all(next);
    expect(new URL(qh.url()).searchParams.get('lookback')).toBe('2');
    await expect(page).toHaveURL(/\/optionsflowcumulativestats\/QQQ$/);
    await expect(page.getByRole('region', { name: 'Cumulative Premiums: QQQ' })).toBeVisible();

    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await page.screenshot({ path: join(shots, 'cum-1440-dark.png'), fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: join(shots, 'cum-375-dark.png'), fullPage: true });
    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    await page.screenshot({ path: join(shots, 'cum-375-light.png'), fullPage: true });
  });

  test('top premiums: pies and table equal the API; the table sorts and pages; Days reloads', async ({
    page,
    request,
  }) => {
    const jwt = await signupAndLogin(request, `top_${Date.now().toString(36).slice(-8)}`);
    await makeBasic(request, jwt);
    await page.setViewportSize({ width: 1440, height: 1000 });
    const first = answer(page, 'get_options_flow_top_premiums_data', 'lookback=20');
    await openAs(page, jwt, '/optionsflowtoppremiums');
    const t = (await (await first).json()) as TopPremiumsResponse;
    const table = page.getByRole('table', { name: 'Top premiums by ticker' });
    const cells = () =>
      table
        .getByTestId('data-row')
        .evaluateAll((trs) => trs.map((tr) => Array.from(tr.children).map((c) => c.textContent ?? '')));
    // The largest print (issue 39): "<ticker> <strike><C|P> <expiry> <premium>", a link to its contract page.
    const largest = (r: TopPremiumsResponse['by_ticker'][number]) =>
      r.top_contract
        ? expect.stringMatching(
            new RegExp(`^${r.ticker} .+ ${usdK(r.top_contract.cost_basis).replace(/[$,]/g, (c) => `\\${c}`)}$`),
          )
        : '-';
    const row = (r: TopPremiumsResponse['by_ticker'][number]) => [
      r.ticker,
      usdK(r.calls),
      usdK(r.puts),
      usdK(r.net),
      largest(r),
      r.sector,
    ];
    await expect.poll(cells).toEqual(t.by_ticker.slice(0, 20).map(row));
    await page.getByRole('region', { name: 'Net by Sector' }).getByRole('button', { name: 'Show data' }).click();
    const net = t.sectors.net.filter((s) => s.value !== 0);
    expect((await rows(page, 'sector-net-data')).map((r) => r.slice(0, 2))).toEqual(
      net.map((s) => [s.name, usdK(s.value)]),
    );
    await page.screenshot({ path: join(shots, 'top-1440-light.png'), fullPage: true });

    if (t.by_ticker.length > 20) {
      await page.getByRole('button', { name: 'Go to page 2' }).first().click();
      await expect.poll(cells).toEqual(t.by_ticker.slice(20, 40).map(row));
      await page.getByRole('button', { name: 'Go to page 1' }).first().click();
    }
    await table.getByRole('button', { name: 'Calls' }).click();
    const byCalls = [...t.by_ticker].sort((a, b) => b.calls - a.calls);
    await expect.poll(async () => (await cells())[0]?.[1]).toBe(usdK(byCalls[0]!.calls));
    await table.getByLabel('Filter Ticker').fill('SPY');
    await expect.poll(async () => (await cells()).map((r) => r[0])).toContain('SPY');

    const one = answer(page, 'get_options_flow_top_premiums_data', 'lookback=1');
    await pick(page, 'top-lookback', '1');
    const t1 = (await (await one).json()) as TopPremiumsResponse;
    expect(t1.from).toBe(t1.to);
    await expect(page.getByTestId('top-premiums-range')).toHaveText(t1.from!);

    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await page.screenshot({ path: join(shots, 'top-1440-dark.png'), fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: join(shots, 'top-375-dark.png'), fullPage: true });
    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    await page.screenshot({ path: join(shots, 'top-375-light.png'), fullPage: true });
  });

  test('Escape dismisses the loader on both screens', async ({ page, request }) => {
    const jwt = await signupAndLogin(request, `esc_${Date.now().toString(36).slice(-8)}`);
    await makeBasic(request, jwt);
    // Signed in from the first load, which is the screen's own (a load of / first only cost a page).
    await signInPage(page, jwt);
    await expectEscapeDismissesLoader(page, '**/api/get_options_flow_top_premiums_data?*', '/optionsflowtoppremiums');
    await expect(page.getByRole('table', { name: 'Top premiums by ticker' })).toBeVisible({ timeout: 30_000 });
    await expectEscapeDismissesLoader(
      page,
      '**/api/get_options_flow_historical_premium_data?*',
      '/optionsflowcumulativestats',
    );
    await expect(page.getByRole('region', { name: 'Cumulative Premiums: SPY' })).toBeVisible({ timeout: 30_000 });
  });

  test('a free user opening Cumulative Stats is sent to /', async ({ page, request }) => {
    const jwt = await signupAndLogin(request, `cuf_${Date.now().toString(36).slice(-8)}`);
    await openAs(page, jwt, '/optionsflowcumulativestats/AAPL');
    await expect(page).toHaveURL(/\/$/);
  });
});
