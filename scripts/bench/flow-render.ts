import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { schedules } from '@tapewatch/functions/platform/schedules';
import { subscriberToken } from './accounts.ts';
import { launchChromium } from './chromium.ts';
import { startServer } from './startup.ts';

/**
 * Issue 10: "the flow page stays responsive at 20 trades/s (no full-table re-render per trade)".
 * Measured in Chromium on /optionsflow (live mode) while the local runtime's player streams at
 * TAPEWATCH_FLOW_RATE=20, signed in as a paying subscriber:
 *  - table commits: MutationObserver callbacks on the flow table body (each is one React commit
 *    that touched the rows); with per-trade re-renders they would track the trade rate;
 *  - long tasks (> 50 ms on the main thread) from the Long Tasks API: their count and total;
 *  - frames: requestAnimationFrame callbacks per second (60 = never blocked);
 *  - sort latency: a click on a column header until its aria-sort changes, while trades stream.
 */
export interface FlowRenderResult {
  tradesPerSecond: number;
  seconds: number;
  /** new_flow events the page's socket received while measuring. */
  tradesArrived: number;
  /** Growth of the page's own "streamed since loading" count over the same time. */
  tradesShown: number;
  tableCommits: number;
  commitsPerSecond: number;
  longTasks: number;
  longTaskMs: number;
  framesPerSecond: number;
  sortClickMs: number[];
}

// In-page code as text: the bench is compiled by tsx, whose helpers do not exist in the page.
const OBSERVE = `(() => {
  window.__commits = 0; window.__longTasks = 0; window.__longTaskMs = 0; window.__frames = 0;
  new MutationObserver(() => { window.__commits += 1; })
    .observe(document.querySelector('[data-testid="flow-table"] tbody'), { childList: true, subtree: true, characterData: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) { window.__longTasks += 1; window.__longTaskMs += e.duration; } })
    .observe({ type: 'longtask', buffered: false });
  const frame = () => { window.__frames += 1; requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
})()`;

export async function measureFlowRender(seconds = 20, rate = 20, port = 3290): Promise<FlowRenderResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tapewatch-bench-render-'));
  process.env.TAPEWATCH_FLOW_RATE = String(rate);
  const server = await startServer(port, dataDir);
  // Measured on a settled server: the first start's background demo backfill would starve the player.
  await server.waitForOutput(/backfilled \S+ in/, schedules.filter((s) => s.demoBackfillDays !== null).length);
  const browser = await launchChromium();
  try {
    const token = await subscriberToken(server.url);
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await page.addInitScript(`window.localStorage.setItem('tapewatch_token', ${JSON.stringify(token)})`);
    // Trades that reached the browser: new_flow events in the page's own socket frames.
    let received = 0;
    page.on('websocket', (ws) =>
      ws.on('framereceived', (f) => (received += (String(f.payload).match(/"event":"new_flow"/g) ?? []).length)),
    );
    await page.goto(`${server.url}/optionsflow`);
    await page.getByTestId('flow-row').first().waitFor({ timeout: 60_000 });
    const countBefore = await streamedCount(page);
    const receivedBefore = received;
    await page.evaluate(OBSERVE);
    const started = Date.now();
    const sortClickMs: number[] = [];
    const headers = ['Premium', 'Ticker', 'Time'];
    while (Date.now() - started < seconds * 1000) {
      await page.waitForTimeout(2_000);
      const header = page
        .getByRole('columnheader', { name: new RegExp(`^${headers[sortClickMs.length % headers.length]}`) })
        .first();
      const before = await header.getAttribute('aria-sort');
      const t0 = (await page.evaluate('performance.now()')) as number;
      await header.click();
      const name = headers[sortClickMs.length % headers.length]!;
      await page.waitForFunction(
        `[...document.querySelectorAll('[data-testid="flow-table"] th')].find((th) => th.textContent.startsWith(${JSON.stringify(name)}))?.getAttribute('aria-sort') !== ${JSON.stringify(before)}`,
      );
      sortClickMs.push(Math.round(((await page.evaluate('performance.now()')) as number) - t0));
    }
    const elapsed = (Date.now() - started) / 1000;
    const m = (await page.evaluate(
      '({ commits: window.__commits, longTasks: window.__longTasks, longTaskMs: window.__longTaskMs, frames: window.__frames })',
    )) as Record<'commits' | 'longTasks' | 'longTaskMs' | 'frames', number>;
    const tradesArrived = received - receivedBefore;
    const tradesShown = (await streamedCount(page)) - countBefore;
    return {
      tradesPerSecond: rate,
      seconds: Math.round(elapsed),
      tradesArrived,
      tradesShown,
      tableCommits: m.commits,
      commitsPerSecond: Math.round((m.commits / elapsed) * 10) / 10,
      longTasks: m.longTasks,
      longTaskMs: Math.round(m.longTaskMs),
      framesPerSecond: Math.round(m.frames / elapsed),
      sortClickMs,
    };
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Trades streamed since loading, from the page's own count line. */
async function streamedCount(page: import('@playwright/test').Page): Promise<number> {
  const text = (await page.getByTestId('flow-count').textContent()) ?? '';
  return Number(/\(([\d,]+) streamed/.exec(text)?.[1]?.replace(/,/g, '') ?? 0);
}

// `npx tsx scripts/bench/flow-render.ts [seconds] [rate]`
if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await measureFlowRender(Number(process.argv[2] ?? 20), Number(process.argv[3] ?? 20));
  console.table([{ ...r, sortClickMs: r.sortClickMs.join(' ') }]);
  process.exit(0);
}
