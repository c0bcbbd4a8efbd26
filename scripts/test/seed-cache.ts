import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';

/**
 * Prebuilt data directories (the vitest seed, the end-to-end server's backfilled data) kept between
 * runs, keyed by a hash of every source that can change what they hold. Building one costs minutes on
 * the 2-core machine; a run whose inputs did not change (editing a test, re-running one file) copies
 * the kept directory instead. A clean machine (CI) builds it once per run, as before.
 */

/** Sources whose content decides a seed: the demo bundle and generators, the jobs, the tables, the lockfile, the builders. */
export const SEED_INPUTS = [
  'functions/src',
  'scripts/local',
  'scripts/demo-data',
  'shared/src',
  'package-lock.json',
  // How the seeds are built (the end-to-end seed starts from the vitest seed).
  'scripts/test/vitest-seed.ts',
  'scripts/test/e2e-prepare.ts',
];

const isTest = (path: string) => /\.test\.tsx?$/.test(path) || path.includes('__snapshots__');

/** Hash of the inputs' paths and contents (tests excluded: they never change a seed) plus `extra` (options, env). */
export function seedInputsHash(root: string, inputs: readonly string[], extra: string): string {
  const hash = createHash('sha256').update(extra);
  for (const input of inputs) {
    const abs = join(root, input);
    if (!existsSync(abs)) continue;
    const files = statSync(abs).isDirectory()
      ? readdirSync(abs, { recursive: true, encoding: 'utf8' })
          .map((f) => join(abs, f))
          .filter((f) => !f.includes('node_modules') && statSync(f).isFile())
      : [abs];
    for (const file of files.sort()) {
      const rel = relative(root, file);
      if (isTest(rel)) continue;
      hash.update(`\0${rel}\0`).update(readFileSync(file));
    }
  }
  return hash.digest('hex').slice(0, 20);
}

const COMPLETE = '.complete';
/** Next to a directory whose build failed: the error, for the processes waiting on it. */
const FAILED = '.failed';
/** Beside a directory being built: the builder's pid. */
const LOCK = '.lock';
/** A build lock this old is abandoned whatever its pid says (a dead builder's pid may name a new process). */
const LOCK_STALE_MS = 3600_000;
/** Kept directories unused for this long are removed by the next run that looks. */
const KEEP_MS = 24 * 3600_000;

/** Where kept directories live: TAPEWATCH_SEED_CACHE, or a folder of the system's temporary directory. */
export const seedCacheRoot = (): string => process.env.TAPEWATCH_SEED_CACHE ?? join(tmpdir(), 'tapewatch-seed-cache');

/**
 * The kept directory for `key`, built by `build` into a fresh directory when missing. One process builds a key at a
 * time (a lock file beside the directory, naming the builder's pid): another asking for it meanwhile (npm test's
 * end-to-end preparation and vitest's global setup both need the vitest seed) waits for it to be published instead
 * of building it again, and takes over when the builder died or failed. With TAPEWATCH_SEED_CACHE=off nothing is
 * kept: each call builds into a new temporary directory (the caller removes it).
 */
export async function cachedDir(
  key: string,
  build: (dir: string) => Promise<void>,
  target = plannedDir(key),
): Promise<{ dir: string; cached: boolean; kept: boolean }> {
  const kept = process.env.TAPEWATCH_SEED_CACHE !== 'off';
  const root = dirname(target);
  mkdirSync(root, { recursive: true });
  if (kept) prune(root);
  const lock = `${target}${LOCK}`;
  for (let wait = 50; ; wait = Math.min(wait * 2, 1000)) {
    if (existsSync(join(target, COMPLETE))) {
      const now = new Date();
      utimesSync(join(target, COMPLETE), now, now);
      return { dir: target, cached: true, kept: true };
    }
    if (takeLock(lock)) break;
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
  const building = mkdtempSync(join(root, `.building-${key}-`));
  try {
    await build(building);
    writeFileSync(join(building, COMPLETE), new Date().toISOString());
    renameSync(building, target);
  } catch (err) {
    rmSync(building, { recursive: true, force: true });
    writeFileSync(`${target}${FAILED}`, (err as Error).stack ?? String(err));
    throw err;
  } finally {
    rmSync(lock, { force: true });
  }
  return { dir: target, cached: false, kept };
}

/** Takes the build lock of a key: true when this process holds it now (a dead holder's lock is taken over). */
function takeLock(lock: string): boolean {
  try {
    writeFileSync(lock, String(process.pid), { flag: 'wx' });
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const holder = Number(readFileSync(lock, 'utf8'));
  const abandoned = Date.now() - statSync(lock).mtimeMs > LOCK_STALE_MS;
  if (!abandoned && (holder === process.pid || isAlive(holder))) return false;
  rmSync(lock, { force: true });
  return false;
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Where cachedDir(key) will publish: the kept directory, or (TAPEWATCH_SEED_CACHE=off) a path inside
 * a new temporary folder that the caller removes with its parent.
 */
export function plannedDir(key: string): string {
  if (process.env.TAPEWATCH_SEED_CACHE === 'off') return join(mkdtempSync(join(tmpdir(), 'tapewatch-seed-')), key);
  return join(seedCacheRoot(), key);
}

/**
 * Waits (from another process: a test worker) until cachedDir has published `dir`, polling its marker;
 * throws the build's own error when it failed.
 */
export async function whenPublished(dir: string, timeoutMs = 60 * 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let wait = 50; ; wait = Math.min(wait * 2, 1000)) {
    // Published by an atomic rename of a finished build: the directory exists only once complete.
    if (existsSync(dir)) return;
    if (existsSync(`${dir}${FAILED}`))
      throw new Error(`building ${dir} failed:\n${readFileSync(`${dir}${FAILED}`, 'utf8')}`);
    if (Date.now() > deadline) throw new Error(`${dir} was not built within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/** Drops kept directories (and abandoned builds) nobody used for a day, so old keys do not pile up. */
function prune(root: string): void {
  const cutoff = Date.now() - KEEP_MS;
  for (const name of readdirSync(root)) {
    const dir = join(root, name);
    if (name.endsWith(FAILED)) {
      rmSync(dir, { force: true });
      continue;
    }
    const marker = join(dir, COMPLETE);
    const used = existsSync(marker) ? statSync(marker).mtimeMs : statSync(dir).mtimeMs;
    if (used < cutoff) rmSync(dir, { recursive: true, force: true });
  }
}
