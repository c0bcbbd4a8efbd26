import { readRepoGraph, REPO_ROOT } from './import-graph.ts';
import { countByRule, countByWorkspace, findViolations } from './rules.ts';

/**
 * Prints the import graph's upward imports (the import-rule violations) per rule and per workspace,
 * for issue notes: `npx tsx scripts/architecture/report.ts [repo root]` (default: this checkout).
 * Pass another checkout (e.g. `git archive <rev> | tar -x -C /tmp/rev`) to measure a past revision.
 */
const root = process.argv[2] ?? REPO_ROOT;
const graph = readRepoGraph(root);
const violations = findViolations(graph);
console.log(
  JSON.stringify(
    {
      root,
      files: graph.files.length,
      edges: graph.edges.length,
      violations: violations.length,
      byRule: countByRule(violations),
      byWorkspace: countByWorkspace(violations),
    },
    null,
    2,
  ),
);
for (const v of violations) console.log(`${v.rule}: ${v.key}`);
