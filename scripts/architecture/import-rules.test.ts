import { describe, expect, it } from 'vitest';
import { readRepoGraph, REPO_ROOT } from './import-graph.ts';
import { type AllowedViolation, compareWithAllowlist, countByRule, findViolations } from './rules.ts';

/**
 * Violations accepted for now, one entry per edge, each saying why it is still there. Empty since issue
 * 22 items 6 and 9 moved the last ones; the test fails when an entry's edge disappears (delete it), so
 * the list only shrinks.
 */
const ALLOWLIST: readonly AllowedViolation[] = [];

describe('import rules (issue 22 item 7)', () => {
  const violations = findViolations(readRepoGraph(REPO_ROOT));

  it('adds no violation and keeps no stale allowlist entry', () => {
    // The counts are the graph's health at a glance (and the numbers issue notes report).
    console.info('architecture violations per rule:', countByRule(violations));
    const { added, gone } = compareWithAllowlist(violations, ALLOWLIST);
    expect(added, 'new violations (importer -> imported): move the code to a layer both sides may import').toEqual([]);
    expect(gone, 'fixed violations still on the allowlist: delete their entries').toEqual([]);
  });

  it('allowlists each edge once', () => {
    const lines = ALLOWLIST.map((a) => `${a.rule}: ${a.key}`);
    expect(lines.filter((l, i) => lines.indexOf(l) !== i)).toEqual([]);
  });
});
