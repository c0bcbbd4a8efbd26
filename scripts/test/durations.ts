/**
 * `npm run test:durations [vitest.json] [playwright.json]`: where the suite's time goes. Reads the JSON
 * reports `npm test` writes (test-reports/vitest.json, test-reports/playwright.json; either may be
 * missing) and prints the totals per layer and the 20 slowest files and tests. The machine is shared,
 * so the load average is printed too: compare shares between runs, not absolute seconds.
 */
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { type DurationSummary, formatSummary, summarisePlaywright, summariseVitest } from './durations-report.ts';

const root = join(import.meta.dirname, '../..');
const [
  vitestPath = join(root, 'test-reports/vitest.json'),
  playwrightPath = join(root, 'test-reports/playwright.json'),
] = process.argv.slice(2);

const parts: DurationSummary[] = [];
if (existsSync(vitestPath)) {
  const report = JSON.parse(readFileSync(vitestPath, 'utf8'));
  const files: { startTime?: number; endTime?: number }[] = report.testResults ?? [];
  const start = Math.min(...files.map((f) => f.startTime ?? Number.POSITIVE_INFINITY));
  const end = Math.max(...files.map((f) => f.endTime ?? 0));
  console.log(`vitest: ${vitestPath} (first file start to last file end: ${((end - start) / 1000).toFixed(0)} s)`);
  parts.push(summariseVitest(report, root));
} else console.log(`vitest: no report at ${vitestPath}`);
if (existsSync(playwrightPath)) {
  const report = JSON.parse(readFileSync(playwrightPath, 'utf8'));
  console.log(`playwright: ${playwrightPath} (run: ${((report.stats?.duration ?? 0) / 1000).toFixed(0)} s)`);
  parts.push(summarisePlaywright(report));
} else console.log(`playwright: no report at ${playwrightPath}`);
console.log(
  `load average now: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}\n`,
);
const merged: DurationSummary = {
  files: parts.flatMap((p) => p.files),
  tests: parts.flatMap((p) => p.tests),
  layers: parts.flatMap((p) => p.layers),
};
console.log(formatSummary(merged));
