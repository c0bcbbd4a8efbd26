import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The common-password dictionary (shared/src/schemas/password-strength.ts, @zxcvbn-ts) is ~320 kB
// gzip, more than any route's whole initial-JS budget (250 kB). The server runs the check and the
// forms show its answer; a static import anywhere in the app would put it into a route's initial
// JS, so only a dynamic import() may ever reach it.
const SRC = join(import.meta.dirname, '..');
const STATIC_IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"][^'"]*(?:password-strength|@zxcvbn-ts)[^'"]*['"]/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

describe('password dictionary stays out of the web bundle', () => {
  it('no web source imports it statically', () => {
    const offenders = sources(SRC).filter((file) => STATIC_IMPORT.test(readFileSync(file, 'utf8')));
    expect(offenders.map((f) => relative(SRC, f))).toEqual([]);
  });

  it('the guard sees a static import', () => {
    expect(
      STATIC_IMPORT.test("import { weakPasswordProblem } from '@tapewatch/shared/schemas/password-strength';"),
    ).toBe(true);
    expect(STATIC_IMPORT.test("const m = await import('@tapewatch/shared/schemas/password-strength');")).toBe(false);
  });
});
