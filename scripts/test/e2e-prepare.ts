/**
 * `node --import tsx scripts/test/e2e-prepare.ts <dataDir>`: the end-to-end server's data directory,
 * ready before Playwright starts it. A first start of the local runtime with the blocking demo backfill
 * (every dataset the screens read) runs once per content of its sources (scripts/test/seed-cache.ts)
 * and is copied into `<dataDir>`; the server then finds every dataset backfilled and listens in seconds.
 * `npm test` runs this in the background while typecheck and lint keep one core busy; a single spec
 * run (scripts/test/e2e.sh) reuses the kept directory instead of paying the backfill again.
 * With the web build: WEB_DIST is built here too when stale, for the same reason.
 */
import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { startLocalRuntime } from '../local/server.ts';
import { buildWeb, ROOT, webBuildIsStale } from '../local/web-build.ts';
import { cachedDir, SEED_INPUTS, seedInputsHash } from './seed-cache.ts';
import { vitestSeed } from './vitest-seed.ts';

const target = process.argv[2];
if (!target) {
  process.stderr.write('usage: e2e-prepare.ts <dataDir>\n');
  process.exit(2);
}
process.env.LOG_LEVEL ??= 'warn';
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const started = performance.now();
const say = (line: string) => process.stdout.write(`[e2e-prepare] ${line}\n`);

// The web build and the data build overlap: vite runs in its own process.
const web = webBuildIsStale() ? buildWeb() : Promise.resolve();
web.catch(() => {});

if (existsSync(target) && readdirSync(target).length > 0) {
  say(`${target} is not empty: kept as it is`);
} else {
  const env = ['TAPEWATCH_DATA_MODE', 'TAPEWATCH_DEMO_AS_OF', 'TAPEWATCH_FLOW_MAX_DAYS'].map(
    (k) => process.env[k] ?? '',
  );
  const key = `e2e-${seedInputsHash(ROOT, SEED_INPUTS, env.join('|'))}`;
  const { dir, cached } = await cachedDir(key, async (dataDir) => {
    // With the default demo, the integration tests' seed already holds the demo and every dataset but the year of
    // flow (vitest's global setup needs it too: whichever process asks first builds it, the other waits). A first
    // start on a copy then only extends the flow to the year and redoes the SPY chains that read it.
    if (env.every((v) => v === '')) {
      say('the integration seed first (demo data and datasets; shared with vitest)...');
      const seed = await vitestSeed();
      cpSync(seed.dir, dataDir, { recursive: true, filter: (src) => !src.endsWith('.complete') });
      if (!seed.kept) rmSync(dirname(seed.dir), { recursive: true, force: true });
    }
    say('first start with the blocking demo backfill (minutes on a busy 2-core machine)...');
    const rt = await startLocalRuntime({
      port: 0,
      dataDir,
      web: false,
      schedules: false,
      flowLive: false,
      backfill: 'blocking',
      log: (line) => say(line.trim()),
    });
    await rt.close();
  });
  cpSync(dir, target, { recursive: true, filter: (src) => !src.endsWith('.complete') });
  say(`${cached ? 'kept' : 'new'} data directory ${key} copied to ${target}`);
}
await web;
say(
  `ready in ${((performance.now() - started) / 1000).toFixed(0)} s (web build in ${process.env.WEB_DIST ?? join(ROOT, 'web/dist')})`,
);
process.exit(0);
