import { defineConfig } from '@playwright/test';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const port = Number(process.env.E2E_PORT ?? 3100);
// A fresh data directory per run: the e2e suite also proves a first start on an empty machine (that first
// start is scripts/test/e2e-prepare.ts's, which scripts/test/e2e.sh runs before this suite).
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'tapewatch-e2e-'));
const root = join(import.meta.dirname, '../..');
// Debian's headless shell of the same Chromium build when installed (scripts/test/e2e.sh installs it): what Playwright
// itself runs for headless tests, without the full browser's window and UI machinery. On the suite it used about 18%
// less CPU and wall time than the full browser (2026-11-29, four specs on 2 workers: 344 vs 420 CPU-s, 180 vs 219 s).
// Otherwise Debian's full chromium. Never a downloaded browser.
const chromiumPath =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // The JSON report feeds `npm run test:durations` (where the suite's time goes).
  reporter: [['list'], ['json', { outputFile: join(root, 'test-reports/playwright.json') }]],
  outputDir: join(root, 'test-results'),
  use: {
    baseURL: `http://localhost:${port}`,
    // As a user who asked the system for reduced motion: the app then moves nothing (web/src/app/theme.ts), and
    // the browser stops drawing a frame per display refresh while a spinner turns or a transition runs.
    reducedMotion: process.env.E2E_MOTION === '1' ? 'no-preference' : 'reduce',
    // A trace records a DOM snapshot around every action: recorded for every test and kept for the failed ones
    // ('retain-on-failure'), it cost about a third of the browser's CPU on passing tests (2026-11-29, six specs twice:
    // 243-266 CPU-s with it, 173-179 without). So a trace is recorded on a failed test's retry (CI retries once), and
    // E2E_TRACE=1 records every test and keeps the failed ones' traces; a failure always keeps its screenshot and
    // Playwright's error context (the page's accessibility tree).
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `node --import tsx scripts/local/main.ts`,
    cwd: root,
    url: `http://localhost:${port}/api/get_app_info`,
    // A web build per port: runs on other ports (a developer's, a parallel suite) rebuild their own
    // copy, never the directory this server is serving (vite empties its output first).
    // Every simulated user signs up from 127.0.0.1, so the limits (10 sign-ups an hour per IP) are
    // raised tenfold for the suite's users; the limits themselves are proven by the integration tests.
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      TAPEWATCH_BACKFILL: 'blocking',
      WEB_DIST: process.env.WEB_DIST ?? join(tmpdir(), `tapewatch-e2e-web-${port}`),
      RATE_LIMIT_MULTIPLIER: '10',
      // Sign-up/reset answer no sooner than 1 s (no account enumeration by timing); the suite signs up
      // many users, and the floor itself is proven by scripts/local/sessions-security.test.ts.
      ACCOUNT_RESPONSE_FLOOR_MS: '0',
    },
    // Blocking backfill of every demo dataset (flow history, signals, clusters...) before the first test:
    // ~1-2 min on a quiet 2-core runner; the margin is for a busy one.
    timeout: 420_000,
    reuseExistingServer: false,
    stdout: 'pipe',
  },
});
