import { test as base, expect, type ConsoleMessage, type Page, type Request, type Response } from '@playwright/test';
import { SCREENS, screenVisits, type Audience } from '../src/app/screens.ts';
import { settleAnimations } from './support/animations.ts';
import { COLOUR_RULES, seriousViolations } from './support/axe.ts';
import { startIn, type Theme } from './support/theme.ts';
import { makeBasic, openAs, signupAndLogin } from './support/users.ts';

/**
 * Every path of the spec's route tables (part 1 and part 2 section 2.1), opened once at 1440 px as
 * the user kind it is for: the page shows its heading, no API call fails unexpectedly, no script
 * error is logged, the loader goes away, and axe finds no serious or critical accessibility
 * violation, in the light and in the dark theme. Gated paths are also opened as a free user, who
 * must get the designed gate.
 */
type Kind = 'anonymous' | 'free' | 'basic';
interface Visit {
  path: string;
  kind: Kind;
  /** The h1 the page shows (a regular expression source), or a gate outcome. */
  heading?: RegExp;
  gate?: 'alert' | 'redirect-home';
  /** API calls whose 4xx answer is the designed outcome of this visit (e.g. a stale emailed link). */
  allow?: RegExp;
}

const GATE = 'You need to subscribe to access this page.';
// MATRIX=1 (npm run test:matrix, not part of npm test): every visit at 375 and 1440 px with a screenshot each.
const MATRIX = process.env.MATRIX === '1';
const WIDTHS = MATRIX ? [375, 1440] : [1440];
const SHOTS = 'test-results/route-matrix';
// From the screen registry: a new screen is opened here the moment it is registered.
const visitsFor = (audience: Audience): string[] =>
  SCREENS.filter((s) => s.audience === audience).flatMap((s) => screenVisits(s));
const FREE_SCREENS = visitsFor('anyone');
const BASIC_SCREENS = visitsFor('basic');
// Headings the check pins (the visit's page, not merely some h1): a free user is not thanked for subscribing.
const HEADINGS: Record<string, RegExp> = { '/subscriptionsuccess': /^No subscription yet$/ };

const visits: Visit[] = [
  ...FREE_SCREENS.map((path): Visit => ({ path, kind: 'anonymous' })),
  { path: '/no-such-page', kind: 'anonymous', heading: /^Page Not Found$/ },
  // Emailed links show the Clusters screen and run the confirmation; a stale link is told so there.
  {
    path: '/confirm/not-a-real-token',
    kind: 'anonymous',
    heading: /^Clusters$/,
    allow: /^\/api\/get_token_confirmation$/,
  },
  {
    path: '/confirmpassword/not-a-real-token',
    kind: 'anonymous',
    heading: /^Clusters$/,
    allow: /^\/api\/get_password_token_confirmation$/,
  },
  ...visitsFor('user').map((path): Visit => ({ path, kind: 'free', heading: HEADINGS[path] })),
  ...BASIC_SCREENS.map((path): Visit => ({ path, kind: 'basic' })),
  { path: '/profile', kind: 'basic' },
  // The designed gates (spec part 2 sections 2.6 and 4), for free users and for visitors.
  ...(['free', 'anonymous'] as const).flatMap((kind) =>
    BASIC_SCREENS.map(
      (path): Visit => ({
        path,
        kind,
        gate: path.startsWith('/optionsflowcumulativestats') ? 'redirect-home' : 'alert',
      }),
    ),
  ),
  // The full matrix (npm run test:matrix) also opens the free screens signed in, free and basic.
  ...(MATRIX
    ? (['free', 'basic'] as const).flatMap((kind) => FREE_SCREENS.map((path): Visit => ({ path, kind })))
    : []),
];

/**
 * One browser context per user kind in each worker, made (and its user signed up) on its first visit, and its page
 * reused by every later visit of that kind (a load or a move inside the app: movesInApp); a load takes the app's
 * immutable assets from the browser's cache. A failed test ends its worker, so a broken page is never reused.
 */
const test = base.extend<object, { pageFor: (kind: Kind) => Promise<Page> }>({
  pageFor: [
    async ({ browser, playwright }, use, workerInfo) => {
      const { baseURL } = workerInfo.project.use;
      const api = await playwright.request.newContext({ baseURL });
      const id = `route_${workerInfo.workerIndex}_${Date.now().toString(36)}`;
      const open = async (kind: Kind): Promise<Page> => {
        const jwt = kind === 'anonymous' ? null : await signupAndLogin(api, `${id}_${kind[0]}`);
        if (kind === 'basic') await makeBasic(api, jwt!);
        const context = await browser.newContext({ baseURL, viewport: { width: WIDTHS[0]!, height: 900 } });
        // Before every load of the page, as openAs does for a test's own page.
        await context.addInitScript((t) => {
          if (t) localStorage.setItem('tapewatch_token', t);
          sessionStorage.setItem('tapewatch_promo_closed', '1');
        }, jwt);
        return context.newPage();
      };
      const pages = new Map<Kind, Promise<Page>>();
      await use((kind) => {
        const made = pages.get(kind) ?? open(kind);
        pages.set(kind, made);
        return made;
      });
      for (const made of await Promise.allSettled(pages.values()))
        if (made.status === 'fulfilled') await made.value.context().close();
      await api.dispose();
    },
    { scope: 'worker' },
  ],
});

test.describe('every route in Chromium', () => {
  // Not serial: one page's failure must not hide the others' (each worker makes its own users).
  test.setTimeout(90_000);

  // One opening per visit (a load or a move inside the app: movesInApp): the light theme is judged first, then the
  // navbar's toggle switches the open page to dark and it is judged again (as a user switches, without a second load). Gates are
  // judged in light only, except in the matrix, where each theme gets its own load (a modal gate covers the toggle).
  const sequences = (visit: Visit): Theme[][] =>
    visit.gate ? (MATRIX ? [['light'], ['dark']] : [['light']]) : [['light', 'dark']];
  const runs = visits.flatMap((visit) =>
    sequences(visit).flatMap((themes) => WIDTHS.map((width) => ({ visit, themes, width }))),
  );
  for (const { visit, themes, width } of runs) {
    const label = `${visit.path} as ${visit.kind}${visit.gate ? ` -> ${visit.gate}` : ''} (${themes.join(', then ')}${MATRIX ? `, ${width} px` : ''})`;
    test(label, async ({ pageFor }, testInfo) => {
      const page = await pageFor(visit.kind);
      await page.setViewportSize({ width, height: 900 });
      const theme = await startIn(page, themes[0]!);
      const watched = watch(page, visit);
      const { stop } = watched;
      try {
        await judge(page, visit, themes, width, watched);
      } catch (failure) {
        // The reused page is not the test's own, so Playwright's screenshot on failure does not cover it.
        const shot = await page.screenshot({ timeout: 5_000 }).catch(() => undefined);
        if (shot) await testInfo.attach('failure', { body: shot, contentType: 'image/png' });
        throw failure;
      } finally {
        stop();
        await theme.dispose();
        // A visit that must start from a load of its own leaves a blank page: a gate's dialog or a stale link's alert
        // would otherwise cover the next screen. The others leave their document for the next visit to move on from.
        if (!movesInApp(visit)) await page.goto('about:blank');
      }
    });
  }
});

/**
 * How a visit reaches its path. The first visit of a user kind in a worker loads it, as a link opened from elsewhere
 * does; the next ones move there inside the app, as a user does from the sidebar (the history API and the router's
 * popstate), through the not-found screen so that the screen mounts afresh rather than re-rendering the previous
 * visit's. A load costs the browser about 2 CPU-s a visit (parsing, compiling and running the app and axe again);
 * a move about a fifth of that (2026-11-29, 12 screens: 38-41 against 14-15 CPU-s). Loads of each path stay where a
 * load is the point: emailed links, gates, the not-found page, every screen's own spec (which opens its path), and the
 * matrix (npm run test:matrix), which loads every visit.
 */
const movesInApp = (visit: Visit): boolean => !MATRIX && !visit.gate && !visit.allow && visit.path !== '/no-such-page';
const inApp = (page: Page): boolean => new URL(page.url()).protocol.startsWith('http');

async function moveInApp(page: Page, path: string, theme: Theme): Promise<void> {
  const go = (to: string) =>
    page.evaluate((p) => {
      window.history.pushState(null, '', p);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, to);
  // Back to the visit's first theme, as its load would start (the previous visit ended in the other one).
  const other = theme === 'light' ? 'dark' : 'light';
  const toggle = page.locator(`button[aria-label="Switch to ${theme} mode"]`);
  if ((await toggle.count()) > 0) {
    await toggle.click();
    await expect(page.locator(`button[aria-label="Switch to ${other} mode"]`)).toHaveCount(1);
  }
  await go('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await go(path);
}

/** One visit: opens the path in the first theme, checks it, then switches theme in place and checks again. */
async function judge(page: Page, visit: Visit, themes: Theme[], width: number, watched: Watched): Promise<void> {
  // Steps name the phases in the JSON report (npm run test:durations): where a visit's time goes.
  await test.step('load', async () => {
    if (inApp(page) && movesInApp(visit)) await moveInApp(page, visit.path, themes[0]!);
    else await page.goto(visit.path);
    if (visit.gate === 'alert') {
      await expect(page.getByRole('dialog').getByText(GATE)).toBeVisible({ timeout: 20_000 });
    } else if (visit.gate === 'redirect-home') {
      await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
    } else {
      const h1 = page.locator('h1').first();
      await expect(h1).toBeVisible({ timeout: 20_000 });
      if (visit.heading) await expect(h1).toHaveText(visit.heading);
      await expect(page.getByText('Page Not Found')).toHaveCount(visit.path === '/no-such-page' ? 1 : 0);
      await expect(page.getByTestId('loading-overlay')).toBeHidden({ timeout: 20_000 });
    }
  });
  for (const [i, theme] of themes.entries()) {
    if (i > 0) {
      // By its label attribute and the click event itself: on some visits a modal (a stale link's alert)
      // covers the navbar and hides it from the accessibility tree, so no role query or real click reaches it.
      await page.locator(`button[aria-label="Switch to ${theme} mode"]`).dispatchEvent('click');
      await expect(page.locator(`button[aria-label="Switch to ${themes[i - 1]} mode"]`)).toHaveCount(1);
    }
    // The first theme gets every axe rule, the second the colour rules (nothing else changes with the theme).
    if (!visit.gate)
      await test.step(`axe ${theme}`, () => expectNoSeriousViolations(page, i > 0 ? COLOUR_RULES : undefined));
    if (MATRIX) await screenshotWithoutOverflow(page, visit, width, theme);
  }
  // Judged once no API call is under way (charts below the fold ask late), rather than after a fixed pause.
  await expect.poll(() => watched.inFlight.size, { timeout: 15_000, intervals: [50] }).toBe(0);
  expect(watched.problems, watched.problems.join('\n')).toEqual([]);
}

test('the accessibility check reports what it is meant to catch (a planted contrast failure and an unnamed image; the colour rules alone the first)', async ({
  page,
}) => {
  await openAs(page, null, '/no-such-page');
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 20_000 });
  await page.evaluate(() => {
    const p = document.createElement('p');
    p.textContent = 'Pale text on white';
    p.style.cssText = 'color:#eeeeee;background:#ffffff';
    const img = document.createElement('img');
    img.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
    document.querySelector('main')?.append(p, img);
  });
  expect((await seriousViolations(page)).map((v) => v.id).sort()).toEqual(['color-contrast', 'image-alt']);
  // The second theme's run (colour rules only) still catches the contrast failure.
  expect((await seriousViolations(page, COLOUR_RULES)).map((v) => v.id)).toEqual(['color-contrast']);
});

/** axe on the settled page: no serious or critical violation. */
async function expectNoSeriousViolations(page: Page, rules?: readonly string[]): Promise<void> {
  // Judge the settled page: axe reads the colours of the frame it runs in.
  await test.step('animations settle', () => settleAnimations(page));
  const serious = await seriousViolations(page, rules);
  // A contrast failure says which colours axe saw (foreground, background, ratio): transient states are otherwise hard to tell apart.
  const detail = (n: (typeof serious)[number]['nodes'][number]) => {
    const data = n.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
    return data?.fgColor ? ` [${data.fgColor} on ${data.bgColor}, ${data.contrastRatio}]` : '';
  };
  expect(
    serious.map(
      (v) =>
        `${v.id}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.html.slice(0, 120) + detail(n))
          .join(' | ')}`,
    ),
  ).toEqual([]);
}

/** The matrix's full-page screenshot, and no horizontal scrolling at any width. */
async function screenshotWithoutOverflow(page: Page, visit: Visit, width: number, theme: Theme): Promise<void> {
  const name = `${visit.path.replace(/\//g, '_') || '_'}-${visit.kind}-${width}-${theme}.png`;
  await page.screenshot({ path: `${SHOTS}/${name}`, fullPage: true });
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
}

interface Watched {
  problems: string[];
  /** The page's API requests that have not finished or failed yet. */
  inFlight: Set<Request>;
  stop: () => void;
}

/** Script errors and unexpected API failures while the page is open, until `stop` (the page outlives the visit). */
function watch(page: Page, visit: Visit): Watched {
  const problems: string[] = [];
  const inFlight = new Set<Request>();
  const onRequest = (req: Request) => {
    if (new URL(req.url()).pathname.startsWith('/api/')) inFlight.add(req);
  };
  const onSettled = (req: Request) => inFlight.delete(req);
  const onError = (err: Error) => problems.push(`page error: ${err.message}`);
  const onConsole = (msg: ConsoleMessage) => {
    // A refused fetch is logged by Chromium as "Failed to load resource"; the statuses are judged below.
    // A designed 4xx is logged by the api client as spec'd ("failed data calls are only logged").
    const apiName = /^\[api\] (\w+) ApiError/.exec(msg.text())?.[1];
    const designed = apiName !== undefined && visit.allow?.test(`/api/${apiName}`) === true;
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource') && !designed)
      problems.push(`console: ${msg.text()}`);
  };
  const onResponse = (res: Response) => {
    const url = new URL(res.url());
    if (!url.pathname.startsWith('/api/')) return;
    const expectedGate = visit.gate !== undefined && (res.status() === 403 || res.status() === 401);
    const designed = visit.allow?.test(url.pathname) && res.status() < 500;
    if (res.status() >= 400 && !expectedGate && !designed)
      problems.push(`${res.status()} ${url.pathname}${url.search}`);
  };
  page
    .on('pageerror', onError)
    .on('console', onConsole)
    .on('response', onResponse)
    .on('request', onRequest)
    .on('requestfinished', onSettled)
    .on('requestfailed', onSettled);
  const stop = () =>
    page
      .off('pageerror', onError)
      .off('console', onConsole)
      .off('response', onResponse)
      .off('request', onRequest)
      .off('requestfinished', onSettled)
      .off('requestfailed', onSettled);
  return { problems, inFlight, stop };
}
