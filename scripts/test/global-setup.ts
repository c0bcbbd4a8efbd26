import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { TestProject } from 'vitest/node';
import { cachedDir, plannedDir } from './seed-cache.ts';
import { buildVitestSeed, SEED_FLOW_DAYS, vitestSeedKey } from './vitest-seed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    seedDataDir: string;
  }
}

/**
 * The seed data directory that integration tests copy and start their own runtime on (so each file
 * is isolated without paying for the load again). It is kept between runs while its sources do not
 * change (scripts/test/seed-cache.ts). When it must be built, the build runs in the background: this
 * project's files run last (sequence.groupOrder in vitest.config.ts), the other projects' tests run
 * meanwhile, and the fixture (runtime-fixture.ts) waits for the directory to be published.
 */
export default function setup(project: TestProject): () => Promise<void> {
  process.env.LOG_LEVEL = 'silent';
  // The tests' own flow ingests (and the seed) trim the flow to the seed's days (scripts/test/vitest-seed.ts).
  process.env.TAPEWATCH_FLOW_MAX_DAYS ??= String(SEED_FLOW_DAYS);
  const key = vitestSeedKey();
  const dir = plannedDir(key);
  // npm test's end-to-end preparation may be building the same seed: cachedDir then waits for it.
  const built = cachedDir(key, buildVitestSeed, dir);
  // Waiting workers read the failure from the directory's marker; the teardown reports it too.
  built.catch(() => {});
  project.provide('seedDataDir', dir);
  return async () => {
    const { kept } = await built;
    if (!kept) rmSync(dirname(dir), { recursive: true, force: true });
  };
}
