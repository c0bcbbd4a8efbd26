import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cachedDir, plannedDir, seedInputsHash, whenPublished } from './seed-cache.ts';

let root: string;
let saved: string | undefined;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'tapewatch-seed-cache-test-'));
  saved = process.env.TAPEWATCH_SEED_CACHE;
  process.env.TAPEWATCH_SEED_CACHE = join(root, 'cache');
});
afterEach(() => {
  if (saved === undefined) delete process.env.TAPEWATCH_SEED_CACHE;
  else process.env.TAPEWATCH_SEED_CACHE = saved;
  rmSync(root, { recursive: true, force: true });
});

describe('seed cache', () => {
  it('hashes sources and options, and ignores test files', () => {
    const src = join(root, 'src');
    mkdirSync(join(src, 'a'), { recursive: true });
    writeFileSync(join(src, 'a/job.ts'), 'one');
    const first = seedInputsHash(root, ['src', 'missing.json'], 'x');
    writeFileSync(join(src, 'a/job.test.ts'), 'a test');
    expect(seedInputsHash(root, ['src'], 'x')).toBe(first);
    expect(seedInputsHash(root, ['src'], 'y')).not.toBe(first);
    writeFileSync(join(src, 'a/job.ts'), 'two');
    expect(seedInputsHash(root, ['src'], 'x')).not.toBe(first);
  });

  it('builds once, then hands out the kept directory', async () => {
    let builds = 0;
    const build = async (dir: string) => {
      builds += 1;
      writeFileSync(join(dir, 'data'), 'seed');
    };
    const first = await cachedDir('seed-k', build);
    expect(first).toMatchObject({ cached: false, kept: true, dir: plannedDir('seed-k') });
    const again = await cachedDir('seed-k', build);
    expect(again).toMatchObject({ cached: true, dir: first.dir });
    expect(builds).toBe(1);
    expect(readFileSync(join(again.dir, 'data'), 'utf8')).toBe('seed');
  });

  it('publishes only finished builds, and tells waiters about a failure', async () => {
    const dir = plannedDir('seed-bad');
    const waiting = whenPublished(dir, 5_000);
    await expect(
      cachedDir('seed-bad', async () => {
        throw new Error('dynalite refused');
      }),
    ).rejects.toThrow('dynalite refused');
    expect(existsSync(dir)).toBe(false);
    await expect(waiting).rejects.toThrow(/dynalite refused/);
  });

  it('a waiter resolves once the directory is published', async () => {
    const dir = plannedDir('seed-slow');
    let published = false;
    const waiting = whenPublished(dir, 5_000).then(() => published);
    await cachedDir('seed-slow', async (d) => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      published = true;
      writeFileSync(join(d, 'data'), 'x');
    });
    expect(await waiting).toBe(true);
  });

  it('one caller builds a key at a time: a second asking meanwhile waits and gets the same directory', async () => {
    let builds = 0;
    const build = async (dir: string) => {
      builds += 1;
      await new Promise((resolve) => setTimeout(resolve, 100));
      writeFileSync(join(dir, 'data'), 'seed');
    };
    const [first, second] = await Promise.all([cachedDir('seed-twice', build), cachedDir('seed-twice', build)]);
    expect(builds).toBe(1);
    expect([first.cached, second.cached].sort()).toEqual([false, true]);
    expect(second.dir).toBe(first.dir);
    expect(existsSync(`${first.dir}.lock`)).toBe(false);
  });

  it('takes over the lock of a builder that died or of an abandoned build, and after a failed build builds again', async () => {
    const dir = plannedDir('seed-orphan');
    mkdirSync(join(dir, '..'), { recursive: true });
    // A pid no process has (beyond the kernel's largest pid).
    writeFileSync(`${dir}.lock`, '4194305');
    expect((await cachedDir('seed-orphan', async (d) => writeFileSync(join(d, 'data'), 'x'))).cached).toBe(false);

    // A lock an hour old is abandoned even when its pid now names a live process (here init).
    const reused = plannedDir('seed-reused-pid');
    mkdirSync(join(reused, '..'), { recursive: true });
    writeFileSync(`${reused}.lock`, '1');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    utimesSync(`${reused}.lock`, twoHoursAgo, twoHoursAgo);
    expect((await cachedDir('seed-reused-pid', async (d) => writeFileSync(join(d, 'data'), 'x'))).cached).toBe(false);

    await expect(cachedDir('seed-retry', async () => Promise.reject(new Error('first try')))).rejects.toThrow();
    expect((await cachedDir('seed-retry', async () => {})).cached).toBe(false);
  });

  it('drops directories unused for a day', async () => {
    const old = await cachedDir('seed-old', async () => {});
    const dayAgo = new Date(Date.now() - 25 * 3600_000);
    utimesSync(join(old.dir, '.complete'), dayAgo, dayAgo);
    await cachedDir('seed-new', async () => {});
    expect(existsSync(old.dir)).toBe(false);
  });

  it('keeps nothing with TAPEWATCH_SEED_CACHE=off', async () => {
    process.env.TAPEWATCH_SEED_CACHE = 'off';
    const dir = plannedDir('seed-k');
    const made = await cachedDir('seed-k', async (d) => writeFileSync(join(d, 'data'), 'x'), dir);
    expect(made).toMatchObject({ cached: false, kept: false, dir });
    expect(dir.startsWith(join(tmpdir(), 'tapewatch-seed-'))).toBe(true);
    rmSync(join(dir, '..'), { recursive: true, force: true });
  });
});
