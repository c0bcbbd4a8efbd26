import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { startLocalRuntime, type LocalRuntime } from '../local/server.ts';
import { whenPublished } from './seed-cache.ts';

/** How long a hook may wait for the seed (a timeout for beforeAll). */
export const SEED_WAIT_MS = 60 * 60_000;

/**
 * The pre-loaded seed data directory, once global-setup.ts has it ready (it may still be building
 * in the background when the first integration file starts).
 */
export async function seedDataDir(): Promise<string> {
  // (A hook that calls this first should allow SEED_WAIT_MS: the build takes minutes on a loaded machine.)
  const dir = inject('seedDataDir');
  await whenPublished(dir);
  return dir;
}

/**
 * A local runtime (API only) over a private copy of the pre-loaded seed data, or over an empty
 * data directory (`seed: false`: a first start, as live mode sees it).
 */
export async function startTestRuntime(
  log: (line: string) => void = () => {},
  { seed = true }: { seed?: boolean } = {},
): Promise<LocalRuntime & { dispose(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tapewatch-it-'));
  if (seed) cpSync(await seedDataDir(), dataDir, { recursive: true });
  const rt = await startLocalRuntime({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    web: false,
    schedules: false,
    backfill: false,
    log,
  });
  return {
    ...rt,
    dispose: async () => {
      await rt.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
