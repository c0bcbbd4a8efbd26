import type { ImportEdge, ImportGraph } from './import-graph.ts';

/** A forbidden dependency direction between two parts of the tree. */
export interface LayerRule {
  name: string;
  /** True when the edge breaks the rule. */
  breaks: (edge: ImportEdge) => boolean;
}

export interface Violation {
  rule: string;
  /** `from -> to` for a layer rule; for a cycle, its files sorted and joined by ` <-> `. */
  key: string;
}

export const CYCLE_RULE = 'import cycle';

const under =
  (dir: string) =>
  (file: string): boolean =>
    file.startsWith(`${dir}/`);
const FEATURE = /^web\/src\/features\/([^/]+)\//;

/** `from` must not import anything under `to` (both repo-relative folders). */
const layer = (from: string, to: string, name: string): LayerRule => ({
  name,
  breaks: (e) => !e.external && under(from)(e.from) && under(to)(e.to),
});

export const LAYER_RULES: readonly LayerRule[] = [
  layer('functions/src/http', 'functions/src/jobs', 'http -> jobs'),
  layer('functions/src/jobs', 'functions/src/providers/demo', 'jobs -> providers/demo'),
  layer('functions/src/data', 'functions/src/domain', 'data -> domain'),
  layer('functions/src/domain', 'functions/src/providers', 'domain -> providers'),
  {
    name: 'domain/analytics -> AWS SDK',
    breaks: (e) =>
      e.external &&
      e.to.startsWith('@aws-sdk/') &&
      (under('functions/src/domain')(e.from) || under('functions/src/analytics')(e.from)),
  },
  {
    name: 'feature -> other feature',
    breaks: (e) => {
      const a = FEATURE.exec(e.from)?.[1];
      const b = e.external ? undefined : FEATURE.exec(e.to)?.[1];
      return a !== undefined && b !== undefined && a !== b;
    },
  },
  layer('web/src/components', 'web/src/app', 'web/components -> web/app'),
];

/**
 * Tests and their helpers (`test/` folders) may reach across layers to set up a scenario (a handler test
 * seeding through a job, a component harness mounting the app's providers); the rules guard what ships,
 * so edges out of test code are not checked.
 */
export function isTestFile(file: string): boolean {
  return /\.(test|spec)\.tsx?$/.test(file) || /(^|\/)(test|e2e)\//.test(file);
}

/**
 * Strongly connected components of more than one file (or a file importing itself), by Tarjan's algorithm,
 * iterative so a deep graph cannot overflow the stack. Type-only edges are left out: they are erased at
 * compile time, so they cannot make a module see another one half-initialised, and a types file shared by
 * two modules that import each other's types is harmless.
 */
export function findCycles(graph: ImportGraph): string[][] {
  const next = new Map<string, string[]>();
  for (const e of graph.edges) {
    if (e.external || e.typeOnly) continue;
    const list = next.get(e.from) ?? [];
    list.push(e.to);
    next.set(e.from, list);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;
  for (const start of graph.files) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; i: number }> = [{ node: start, i: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const targets = next.get(frame.node) ?? [];
      if (frame.i < targets.length) {
        const to = targets[frame.i++]!;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, i: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      const selfLoop = component.length === 1 && targets.includes(frame.node);
      if (component.length > 1 || selfLoop) components.push(component.sort());
    }
  }
  return components.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** Every violation of the graph: one per offending edge, one per cycle (its members in sorted order). */
export function findViolations(graph: ImportGraph): Violation[] {
  const seen = new Set<string>();
  const out: Violation[] = [];
  for (const rule of LAYER_RULES) {
    for (const edge of graph.edges) {
      if (isTestFile(edge.from) || !rule.breaks(edge)) continue;
      const key = `${edge.from} -> ${edge.to}`;
      // The same file can import another twice (a value and a type import): one violation per edge.
      if (seen.has(`${rule.name}|${key}`)) continue;
      seen.add(`${rule.name}|${key}`);
      out.push({ rule: rule.name, key });
    }
  }
  for (const cycle of findCycles(graph)) out.push({ rule: CYCLE_RULE, key: cycle.join(' <-> ') });
  return out;
}

export function countByRule(violations: readonly Violation[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const rule of [...LAYER_RULES.map((r) => r.name), CYCLE_RULE]) counts[rule] = 0;
  for (const v of violations) counts[v.rule] = (counts[v.rule] ?? 0) + 1;
  return counts;
}

/** An accepted violation: `key` as in {@link Violation}, `why` says why it is still there. */
export interface AllowedViolation {
  rule: string;
  key: string;
  why: string;
}

/**
 * `added`: violations not on the allowlist (a regression). `gone`: allowlisted violations that no
 * longer occur, which must leave the list so it only ever shrinks. Both are `rule: key` lines.
 */
export function compareWithAllowlist(
  violations: readonly Violation[],
  allowlist: readonly AllowedViolation[],
): { added: string[]; gone: string[] } {
  const line = (v: { rule: string; key: string }): string => `${v.rule}: ${v.key}`;
  const found = new Set(violations.map(line));
  const allowed = new Set(allowlist.map(line));
  return {
    added: [...found].filter((v) => !allowed.has(v)).sort(),
    gone: [...allowed].filter((v) => !found.has(v)).sort(),
  };
}

/** Violations per workspace of the importer (a cycle counts for the workspace of its first file), then per rule. */
export function countByWorkspace(violations: readonly Violation[]): Record<string, Record<string, number>> {
  const counts: Record<string, Record<string, number>> = {};
  for (const v of violations) {
    const workspace = v.key.split('/')[0]!;
    const perRule = (counts[workspace] ??= {});
    perRule[v.rule] = (perRule[v.rule] ?? 0) + 1;
  }
  return counts;
}
