/**
 * Pure summaries of the test reporters' JSON: vitest's `json` reporter (jest-compatible shape) and
 * Playwright's `json` reporter. They tell where the suite's time goes, per layer, per file and per
 * test, so each speed change can be compared with the one before it.
 */

export interface Timed {
  /** Layer (vitest project or `playwright`). */
  layer: string;
  name: string;
  ms: number;
}

export interface LayerTotal {
  layer: string;
  files: number;
  tests: number;
  failed: number;
  /** Sum of per-file wall times (files run in parallel, so this exceeds the run's wall time). */
  ms: number;
}

export interface DurationSummary {
  files: Timed[];
  tests: Timed[];
  layers: LayerTotal[];
}

interface VitestAssertion {
  fullName?: string;
  title?: string;
  status?: string;
  duration?: number | null;
}

interface VitestFileResult {
  name: string;
  startTime?: number;
  endTime?: number;
  assertionResults?: VitestAssertion[];
}

export interface VitestJson {
  testResults?: VitestFileResult[];
}

interface PwResult {
  duration?: number;
  status?: string;
}

interface PwTest {
  projectName?: string;
  status?: string;
  results?: PwResult[];
}

interface PwSpec {
  title: string;
  file?: string;
  tests?: PwTest[];
}

interface PwSuite {
  title: string;
  file?: string;
  specs?: PwSpec[];
  suites?: PwSuite[];
}

export interface PlaywrightJson {
  suites?: PwSuite[];
  stats?: { duration?: number };
}

/** The vitest project a file belongs to, from its path (the projects of vitest.config.ts). */
export function vitestLayer(path: string): string {
  const rel = path.replace(/\\/g, '/').replace(/^.*?\/(shared|functions|scripts|infra|web)\//, '$1/');
  if (rel.startsWith('scripts/architecture/')) return 'architecture';
  const top = rel.split('/')[0] ?? '';
  return ['shared', 'functions', 'scripts', 'infra', 'web'].includes(top) ? top : 'other';
}

/** Repository-relative path of a reporter's absolute file path (`root` is the repository root). */
const relative = (path: string, root: string): string =>
  root && path.startsWith(root) ? path.slice(root.length).replace(/^[\\/]/, '') : path;

function addTotal(totals: Map<string, LayerTotal>, layer: string, ms: number, tests: number, failed: number): void {
  const t = totals.get(layer) ?? { layer, files: 0, tests: 0, failed: 0, ms: 0 };
  t.files += 1;
  t.tests += tests;
  t.failed += failed;
  t.ms += ms;
  totals.set(layer, t);
}

export function summariseVitest(report: VitestJson, root = ''): DurationSummary {
  const files: Timed[] = [];
  const tests: Timed[] = [];
  const totals = new Map<string, LayerTotal>();
  for (const file of report.testResults ?? []) {
    const name = relative(file.name, root);
    const layer = vitestLayer(name);
    const ms = Math.max(0, (file.endTime ?? 0) - (file.startTime ?? 0));
    const assertions = file.assertionResults ?? [];
    files.push({ layer, name, ms });
    for (const a of assertions) {
      tests.push({ layer, name: `${name} > ${a.fullName ?? a.title ?? '?'}`, ms: a.duration ?? 0 });
    }
    const failed = assertions.filter((a) => a.status === 'failed').length;
    addTotal(
      totals,
      layer,
      ms,
      assertions.filter((a) => a.status !== 'skipped' && a.status !== 'pending').length,
      failed,
    );
  }
  return { files, tests, layers: [...totals.values()] };
}

function* pwSpecs(suites: PwSuite[], file: string): Generator<{ file: string; spec: PwSpec; path: string }> {
  for (const suite of suites) {
    const f = suite.file ?? file;
    for (const spec of suite.specs ?? []) yield { file: spec.file ?? f, spec, path: suite.title };
    yield* pwSpecs(suite.suites ?? [], f);
  }
}

export function summarisePlaywright(report: PlaywrightJson): DurationSummary {
  const perFile = new Map<string, { ms: number; tests: number; failed: number }>();
  const tests: Timed[] = [];
  for (const { file, spec } of pwSpecs(report.suites ?? [], '')) {
    for (const test of spec.tests ?? []) {
      // Every attempt counts: a retry is time the suite paid.
      const ms = (test.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0);
      tests.push({ layer: 'playwright', name: `${file} > ${spec.title}`, ms });
      const f = perFile.get(file) ?? { ms: 0, tests: 0, failed: 0 };
      f.ms += ms;
      f.tests += test.status === 'skipped' ? 0 : 1;
      f.failed += test.status === 'unexpected' ? 1 : 0;
      perFile.set(file, f);
    }
  }
  const files = [...perFile].map(([name, f]) => ({ layer: 'playwright', name, ms: f.ms }));
  const totals = new Map<string, LayerTotal>();
  for (const [, f] of perFile) addTotal(totals, 'playwright', f.ms, f.tests, f.failed);
  return { files, tests, layers: [...totals.values()] };
}

export const slowest = (items: Timed[], n: number): Timed[] => [...items].sort((a, b) => b.ms - a.ms).slice(0, n);

const seconds = (ms: number): string => (ms / 1000).toFixed(1).padStart(7);

/** The printed report: totals per layer (with each layer's share of the summed time), then the slowest files and tests. */
export function formatSummary(summary: DurationSummary, top = 20): string {
  const all = summary.layers.reduce((s, l) => s + l.ms, 0) || 1;
  const lines = ['layer          files  tests  failed   sum s  share'];
  for (const l of [...summary.layers].sort((a, b) => b.ms - a.ms)) {
    lines.push(
      `${l.layer.padEnd(13)} ${String(l.files).padStart(6)} ${String(l.tests).padStart(6)} ${String(l.failed).padStart(7)} ${seconds(l.ms)} ${((100 * l.ms) / all).toFixed(1).padStart(5)}%`,
    );
  }
  const files = summary.layers.reduce((s, l) => s + l.files, 0);
  const tests = summary.layers.reduce((s, l) => s + l.tests, 0);
  lines.push(`${'total'.padEnd(13)} ${String(files).padStart(6)} ${String(tests).padStart(6)}         ${seconds(all)}`);
  lines.push('', `slowest ${top} files (s)`);
  for (const f of slowest(summary.files, top)) lines.push(`${seconds(f.ms)}  ${f.layer.padEnd(12)} ${f.name}`);
  lines.push('', `slowest ${top} tests (s)`);
  for (const t of slowest(summary.tests, top)) lines.push(`${seconds(t.ms)}  ${t.layer.padEnd(12)} ${t.name}`);
  return lines.join('\n');
}
