import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `npm run audit:registry`: what the registry itself says about the production tree, for machines
 * where `npm audit` cannot reach the advisory service (it answers 405 here; see docs/security-audit.md).
 * It is not an advisory audit: it lists every production package version its publisher has
 * deprecated (how security-fixed releases are often flagged) and every direct production dependency
 * that is behind its latest release. Exit 1 when a deprecated version is in the tree.
 */
const ROOT = join(import.meta.dirname, '../..');
const REGISTRY = process.env.npm_config_registry?.replace(/\/$/, '') ?? 'https://registry.npmjs.org';

interface LockEntry {
  version?: string;
  dev?: boolean;
  link?: boolean;
  dependencies?: Record<string, string>;
}
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};

const tree = new Map<string, Set<string>>();
for (const [path, entry] of Object.entries(lock.packages)) {
  if (!path.includes('node_modules/') || entry.dev || entry.link || !entry.version) continue;
  const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
  if (!tree.has(name)) tree.set(name, new Set());
  tree.get(name)!.add(entry.version);
}

// Direct production dependencies: the `dependencies` of the root and of every workspace.
const direct = new Map<string, string>();
for (const [path, entry] of Object.entries(lock.packages)) {
  if (path.includes('node_modules/')) continue;
  for (const [name, range] of Object.entries(entry.dependencies ?? {}))
    if (!name.startsWith('@tapewatch/')) direct.set(name, range);
}

interface Packument {
  'dist-tags': { latest: string };
  versions: Record<string, { deprecated?: string }>;
}
async function packument(name: string): Promise<Packument> {
  const res = await fetch(`${REGISTRY}/${name.replace('/', '%2F')}`, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`${name}: registry answered ${res.status}`);
  return (await res.json()) as Packument;
}

const names = [...tree.keys()].sort();
const deprecated: string[] = [];
const behind: string[] = [];
let next = 0;
async function worker() {
  while (next < names.length) {
    const name = names[next++]!;
    const doc = await packument(name);
    for (const version of tree.get(name)!) {
      const note = doc.versions[version]?.deprecated;
      if (note) deprecated.push(`${name}@${version}: ${note}`);
    }
    const latest = doc['dist-tags'].latest;
    if (direct.has(name) && ![...tree.get(name)!].includes(latest))
      behind.push(
        `${name}: ${[...tree.get(name)!].join(', ')} installed, latest ${latest} (range ${direct.get(name)})`,
      );
  }
}
await Promise.all(Array.from({ length: 12 }, worker));

const versions = [...tree.values()].reduce((n, v) => n + v.size, 0);
console.log(
  `Production tree: ${tree.size} packages, ${versions} versions; ${direct.size} direct production dependencies.`,
);
console.log(`Deprecated by their publisher: ${deprecated.length}`);
for (const line of deprecated.sort()) console.log(`  ${line}`);
console.log(`Direct dependencies behind their latest release: ${behind.length}`);
for (const line of behind.sort()) console.log(`  ${line}`);
process.exit(deprecated.length === 0 ? 0 : 1);
