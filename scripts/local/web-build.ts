import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = join(import.meta.dirname, '../..');
export const WEB_DIR = join(ROOT, 'web');
// WEB_DIST (absolute, or relative to the repository) lets several local runtimes (parallel test runs, a
// developer's own server) build and serve separate copies instead of racing on one directory.
export const DIST_DIR = process.env.WEB_DIST ? resolve(ROOT, process.env.WEB_DIST) : join(WEB_DIR, 'dist');

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of readdirSync(path)) {
    if (name === 'node_modules' || name === 'dist' || name === 'e2e') continue;
    newest = Math.max(newest, newestMtime(join(path, name)));
  }
  return newest;
}

/** The build is stale when any web or shared source is newer than dist/index.html. */
export function webBuildIsStale(): boolean {
  const built = join(DIST_DIR, 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  const sources = [
    join(WEB_DIR, 'src'),
    join(WEB_DIR, 'index.html'),
    join(WEB_DIR, 'vite.config.ts'),
    join(WEB_DIR, 'public'),
    join(ROOT, 'shared/src'),
  ];
  return sources.some((s) => newestMtime(s) > builtAt);
}

export function buildWeb(onLine: (line: string) => void = () => {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        join(ROOT, 'node_modules/vite/bin/vite.js'),
        'build',
        '--logLevel',
        'warn',
        '--outDir',
        DIST_DIR,
        '--emptyOutDir',
      ],
      {
        cwd: WEB_DIR,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const out: string[] = [];
    const collect = (d: Buffer) => {
      for (const line of d.toString().split('\n'))
        if (line.trim()) {
          out.push(line);
          onLine(line);
        }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build failed (${code}):\n${out.slice(-30).join('\n')}`)),
    );
  });
}
