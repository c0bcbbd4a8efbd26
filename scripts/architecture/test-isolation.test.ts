import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FUNCTIONS_ISOLATED, NEEDS_ISOLATION } from '../test/isolation.ts';

const ROOT = join(import.meta.dirname, '../..');

describe('unit tests without isolation (vitest.config.ts)', () => {
  const files = readdirSync(join(ROOT, 'functions/src'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => `functions/src/${f.split('\\').join('/')}`);

  it('runs every functions test file that mocks modules, sets the environment, listens on the process or fakes timers in the isolated project', () => {
    const needing = files.filter((f) => NEEDS_ISOLATION.some((re) => re.test(readFileSync(join(ROOT, f), 'utf8'))));
    expect(needing.length).toBeGreaterThan(0);
    expect(needing.filter((f) => !FUNCTIONS_ISOLATED.includes(f))).toEqual([]);
  });

  it('lists only files that exist', () => {
    expect(FUNCTIONS_ISOLATED.filter((f) => !files.includes(f))).toEqual([]);
  });
});
