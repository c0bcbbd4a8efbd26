import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { USES_DOM, WEB_DOM_TEST_FILES, WEB_ISOLATED_TEST_FILES } from '../../web/src/test/dom-test-files.ts';
import { FUNCTIONS_ISOLATED, NEEDS_ISOLATION } from '../test/isolation.ts';

const ROOT = join(import.meta.dirname, '../..');

/** The `.test.ts` files under `dir`, as paths from the repository's root. */
const testFiles = (dir: string) =>
  readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .map((f) => `${dir}/${f.split('\\').join('/')}`)
    .filter((f) => f.endsWith('.test.ts') && !f.includes('node_modules'));

describe('unit tests without isolation (vitest.config.ts)', () => {
  const files = testFiles('functions/src');

  it('runs every functions test file that mocks modules, sets the environment, listens on the process or fakes timers in the isolated project', () => {
    const needing = files.filter((f) => NEEDS_ISOLATION.some((re) => re.test(readFileSync(join(ROOT, f), 'utf8'))));
    expect(needing.length).toBeGreaterThan(0);
    expect(needing.filter((f) => !FUNCTIONS_ISOLATED.includes(f))).toEqual([]);
  });

  it('lists only files that exist', () => {
    expect(FUNCTIONS_ISOLATED.filter((f) => !files.includes(f))).toEqual([]);
  });
});

describe('integration and CDK tests without isolation (projects scripts and infra)', () => {
  it('no scripts test file mocks a module (scripts/test/file-state.ts puts back everything else a file changes)', () => {
    const mocking = testFiles('scripts').filter((f) =>
      /\bvi\.(mock|doMock)\(/.test(readFileSync(join(ROOT, f), 'utf8')),
    );
    expect(mocking).toEqual([]);
  });

  it('no infra test file changes the process (the project has no setup file to put it back)', () => {
    const files = testFiles('infra');
    expect(files.length).toBeGreaterThan(10);
    const changing = files.filter((f) => NEEDS_ISOLATION.some((re) => re.test(readFileSync(join(ROOT, f), 'utf8'))));
    expect(changing).toEqual([]);
  });
});

describe('web logic tests in Node (vitest.config.ts project web-logic)', () => {
  // Paths from web/, as the list and the vitest projects (root ./web) name them.
  const files = testFiles('web/src').map((f) => f.slice('web/'.length));
  const needsDom = (f: string) =>
    [...USES_DOM, ...NEEDS_ISOLATION].some((re) => re.test(readFileSync(join(ROOT, 'web', f), 'utf8')));

  it('runs every web .test.ts file that touches the DOM, renders, mocks globals or fakes timers in the DOM environment', () => {
    const needing = files.filter(needsDom);
    expect(needing.length).toBeGreaterThan(0);
    expect(needing.filter((f) => !WEB_DOM_TEST_FILES.includes(f))).toEqual([]);
  });

  it('lists only files that exist and need it', () => {
    expect(WEB_DOM_TEST_FILES.filter((f) => !files.includes(f))).toEqual([]);
    expect(WEB_DOM_TEST_FILES.filter((f) => !needsDom(f))).toEqual([]);
  });
});

describe('web DOM tests sharing a module graph per worker (web/vite.config.ts, vmThreads)', () => {
  const files = readdirSync(join(ROOT, 'web/src'), { recursive: true, encoding: 'utf8' })
    .map((f) => `src/${f.split('\\').join('/')}`)
    .filter((f) => /\.test\.tsx?$/.test(f));
  const mocks = (f: string) => /\bvi\.(mock|doMock)\(/.test(readFileSync(join(ROOT, 'web', f), 'utf8'));

  it('runs every web test file that mocks a module in the isolated project', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files.filter((f) => mocks(f) && !WEB_ISOLATED_TEST_FILES.includes(f))).toEqual([]);
  });

  it('lists only files that exist', () => {
    expect(WEB_ISOLATED_TEST_FILES.filter((f) => !files.includes(f))).toEqual([]);
  });
});
