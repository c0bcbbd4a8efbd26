import { gzipSync } from 'node:zlib';
import { launchChromium } from './chromium.ts';

export interface BundleResult {
  page: string;
  scripts: number;
  rawKb: number;
  gzipKb: number;
  /** The first heading shown: tells a page that rendered from one that fell back (not found, sign-in). */
  heading: string;
}

/**
 * The JavaScript a browser actually downloads to show a route (entry, vendor chunks and the lazy
 * route chunk), measured in Chromium and gzipped at level 9 as CloudFront would serve it.
 */
export async function measureInitialJs(baseUrl: string, pages: readonly string[]): Promise<BundleResult[]> {
  const browser = await launchChromium();
  const out: BundleResult[] = [];
  try {
    for (const page of pages) {
      const ctx = await browser.newContext();
      const tab = await ctx.newPage();
      // A late chunk may still be in flight when the context closes: never an unhandled rejection.
      const bodies: Promise<Buffer | null>[] = [];
      tab.on('response', (res) => {
        if (res.request().resourceType() === 'script') bodies.push(res.body().catch(() => null));
      });
      // Initial JS = what the route needs to show its heading: the lazy route chunk can start after
      // the first quiet moment, and chunks requested later (below-the-fold cards, menus opened on
      // demand) are not initial. API answers are held until the heading shows (at most 2 s): from a
      // loopback server they arrive within milliseconds, so a chunk that loads only once the data is
      // there (Sector Performance's charts) would race the heading, which on a real network it follows.
      let headingShown!: () => void;
      const shown = new Promise<void>((resolve) => (headingShown = resolve));
      await tab.route('**/api/**', async (route) => {
        await Promise.race([shown, new Promise((resolve) => setTimeout(resolve, 2000))]);
        await route.continue().catch(() => undefined);
      });
      await tab.goto(baseUrl + page, { waitUntil: 'domcontentloaded' });
      const h1 = tab.locator('h1').first();
      const heading = await h1
        .waitFor({ timeout: 15_000 })
        .then(() => h1.innerText())
        .catch(() => '(no h1)');
      const initial = bodies.slice();
      headingShown();
      const scripts = (await Promise.all(initial)).filter((b): b is Buffer => b !== null);
      await Promise.all(bodies); // settle late ones before the context closes
      const raw = scripts.reduce((n, b) => n + b.length, 0);
      const gz = scripts.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0);
      out.push({
        page,
        scripts: scripts.length,
        rawKb: Math.round(raw / 1024),
        gzipKb: Math.round(gz / 1024),
        heading: heading.slice(0, 40),
      });
      await ctx.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}
