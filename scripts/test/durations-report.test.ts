import { describe, expect, it } from 'vitest';
import { formatSummary, slowest, summarisePlaywright, summariseVitest, vitestLayer } from './durations-report.ts';

describe('durations report', () => {
  it('names the vitest project of a file from its path', () => {
    expect(vitestLayer('/repo/functions/src/a.test.ts')).toBe('functions');
    expect(vitestLayer('scripts/architecture/layers.test.ts')).toBe('architecture');
    expect(vitestLayer('/repo/scripts/local/runtime.test.ts')).toBe('scripts');
    expect(vitestLayer('web/src/x.test.tsx')).toBe('web');
    expect(vitestLayer('elsewhere/x.test.ts')).toBe('other');
  });

  it('sums vitest files per project and lists tests with their file', () => {
    const s = summariseVitest(
      {
        testResults: [
          {
            name: '/repo/web/src/a.test.tsx',
            startTime: 1000,
            endTime: 4000,
            assertionResults: [
              { fullName: 'a renders', status: 'passed', duration: 2500 },
              { fullName: 'a skips', status: 'skipped', duration: 0 },
            ],
          },
          {
            name: '/repo/web/src/b.test.tsx',
            startTime: 0,
            endTime: 500,
            assertionResults: [{ fullName: 'b fails', status: 'failed', duration: 400 }],
          },
          { name: '/repo/shared/src/c.test.ts', startTime: 0, endTime: 100, assertionResults: [] },
        ],
      },
      '/repo',
    );
    expect(s.layers.find((l) => l.layer === 'web')).toEqual({ layer: 'web', files: 2, tests: 2, failed: 1, ms: 3500 });
    expect(s.layers.find((l) => l.layer === 'shared')).toMatchObject({ files: 1, tests: 0, ms: 100 });
    expect(slowest(s.files, 1)).toEqual([{ layer: 'web', name: 'web/src/a.test.tsx', ms: 3000 }]);
    expect(slowest(s.tests, 1)[0]?.name).toBe('web/src/a.test.tsx > a renders');
  });

  it('counts every Playwright attempt, retries included, per spec file', () => {
    const s = summarisePlaywright({
      suites: [
        {
          title: 'a.spec.ts',
          file: 'a.spec.ts',
          specs: [{ title: 'loads', tests: [{ status: 'flaky', results: [{ duration: 1000 }, { duration: 2000 }] }] }],
          suites: [
            {
              title: 'inner',
              specs: [{ title: 'fails', tests: [{ status: 'unexpected', results: [{ duration: 500 }] }] }],
            },
          ],
        },
      ],
    });
    expect(s.files).toEqual([{ layer: 'playwright', name: 'a.spec.ts', ms: 3500 }]);
    expect(s.layers).toEqual([{ layer: 'playwright', files: 1, tests: 2, failed: 1, ms: 3500 }]);
    expect(s.tests.map((t) => t.name)).toEqual(['a.spec.ts > loads', 'a.spec.ts > fails']);
  });

  it('prints each layer with its share, then the slowest first', () => {
    const out = formatSummary(
      {
        layers: [
          { layer: 'web', files: 1, tests: 3, failed: 0, ms: 3000 },
          { layer: 'shared', files: 1, tests: 1, failed: 0, ms: 1000 },
        ],
        files: [
          { layer: 'shared', name: 'fast', ms: 1000 },
          { layer: 'web', name: 'slow', ms: 3000 },
        ],
        tests: [],
      },
      1,
    );
    const lines = out.split('\n');
    expect(lines[1]).toMatch(/^web\s+1\s+3\s+0\s+3\.0\s+75\.0%$/);
    expect(lines[2]).toMatch(/^shared .* 25\.0%$/);
    expect(out).toContain('slowest 1 files (s)\n    3.0  web          slow\n');
    expect(out).not.toContain('fast');
  });
});
