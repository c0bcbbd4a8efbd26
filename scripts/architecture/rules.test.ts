import { describe, expect, it } from 'vitest';
import { buildGraph, parseImports } from './import-graph.ts';
import { compareWithAllowlist, countByWorkspace, findViolations } from './rules.ts';

// A synthetic tree: the checker must report what was planted in it, and nothing else.
const tree = new Map<string, string>([
  // planted http -> jobs, through the package alias and an `export ... from`
  [
    'functions/src/http/get-x.ts',
    "import { a } from '@tapewatch/functions/jobs/job-a';\nexport { b } from '../jobs/job-b.ts';",
  ],
  ['functions/src/jobs/job-a.ts', 'export const a = 1;'],
  ['functions/src/jobs/job-b.ts', 'export const b = 2;'],
  // planted runtime cycle c1 -> c2 -> c3 -> c1, one edge a dynamic import
  ['functions/src/lib/c1.ts', "import './c2.ts';"],
  ['functions/src/lib/c2.ts', "export const f = () => import('./c3');"],
  ['functions/src/lib/c3.ts', "import { x } from './c1.ts';"],
  // a cycle through a type-only import is erased at compile time: not reported
  ['functions/src/lib/t1.ts', "import type { T } from './t2.ts';\nexport type U = T;"],
  ['functions/src/lib/t2.ts', "import { type U } from './t1.ts';\nexport const t = 1;"],
  // planted AWS SDK import in the domain; a comment and a string that look like imports are not imports
  [
    'functions/src/domain/d.ts',
    "import { S3 } from '@aws-sdk/client-s3';\n// import x from '../jobs/job-a.ts'\nconst s = \"import('../jobs/job-b.ts')\";",
  ],
  // planted feature -> feature; a feature importing its own files is fine
  [
    'web/src/features/a/page.tsx',
    "import { B } from '../b/b.tsx';\nimport { own } from './own.ts';\nexport const P = () => <B />;",
  ],
  ['web/src/features/a/own.ts', 'export const own = 1;'],
  ['web/src/features/b/b.tsx', 'export const B = () => null;'],
  // a test may reach across layers
  ['functions/src/http/get-x.test.ts', "import { a } from '../jobs/job-a.ts';"],
]);

describe('import graph checker (test of the test)', () => {
  const violations = findViolations(buildGraph(tree));
  const lines = violations.map((v) => `${v.rule}: ${v.key}`).sort();

  it('reports each planted violation and cycle, and nothing else', () => {
    expect(lines).toEqual([
      'domain/analytics -> AWS SDK: functions/src/domain/d.ts -> @aws-sdk/client-s3',
      'feature -> other feature: web/src/features/a/page.tsx -> web/src/features/b/b.tsx',
      'http -> jobs: functions/src/http/get-x.ts -> functions/src/jobs/job-a.ts',
      'http -> jobs: functions/src/http/get-x.ts -> functions/src/jobs/job-b.ts',
      'import cycle: functions/src/lib/c1.ts <-> functions/src/lib/c2.ts <-> functions/src/lib/c3.ts',
    ]);
  });

  it('fails on a new violation and on an allowlisted one that is gone', () => {
    const allowlist = [
      { rule: 'http -> jobs', key: 'functions/src/http/get-x.ts -> functions/src/jobs/job-a.ts', why: 'planted' },
      { rule: 'http -> jobs', key: 'functions/src/http/gone.ts -> functions/src/jobs/job-a.ts', why: 'fixed long ago' },
    ];
    const { added, gone } = compareWithAllowlist(violations, allowlist);
    expect(added).toContain('http -> jobs: functions/src/http/get-x.ts -> functions/src/jobs/job-b.ts');
    expect(added).not.toContain('http -> jobs: functions/src/http/get-x.ts -> functions/src/jobs/job-a.ts');
    expect(gone).toEqual(['http -> jobs: functions/src/http/gone.ts -> functions/src/jobs/job-a.ts']);
  });

  it('tells type-only imports from runtime ones', () => {
    const parsed = parseImports(
      'x.ts',
      "import type { A } from 'a';\nimport { type B } from 'b';\nimport { type C, D } from 'c';\nimport 'd';\nexport type { E } from 'e';\nlet f: typeof import('f');",
    );
    expect(parsed).toEqual([
      { specifier: 'a', typeOnly: true },
      { specifier: 'b', typeOnly: true },
      { specifier: 'c', typeOnly: false },
      { specifier: 'd', typeOnly: false },
      { specifier: 'e', typeOnly: true },
      { specifier: 'f', typeOnly: true },
    ]);
  });

  it('counts violations per importing workspace and rule', () => {
    expect(
      countByWorkspace([
        { rule: 'http -> jobs', key: 'functions/src/http/a.ts -> functions/src/jobs/b.ts' },
        { rule: 'http -> jobs', key: 'functions/src/http/c.ts -> functions/src/jobs/b.ts' },
        { rule: 'feature -> other feature', key: 'web/src/features/a/x.tsx -> web/src/features/b/y.ts' },
      ]),
    ).toEqual({ functions: { 'http -> jobs': 2 }, web: { 'feature -> other feature': 1 } });
  });
});
