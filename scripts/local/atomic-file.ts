import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';

/**
 * Crash-safe whole-file writes: the content goes to a temporary file next to the target, which is
 * then renamed over it (rename is atomic on one file system), so a process killed at any moment
 * leaves either the old or the new complete file, never a truncated one. Writes to one path are
 * applied in call order (a slower older write never lands after a newer one). Safe against a killed
 * process; a power loss would also need fsync, which the local runtime does not pay for.
 */
const TEMP_MARK = '.tmp-';
const queues = new Map<string, Promise<void>>();
let counter = 0;

const tempPath = (path: string): string => `${path}${TEMP_MARK}${process.pid}-${(counter += 1)}`;

export function writeFileAtomicSync(path: string, data: string): void {
  const temp = tempPath(path);
  try {
    writeFileSync(temp, data);
    renameSync(temp, path);
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
}

export function writeFileAtomic(path: string, data: string): Promise<void> {
  const previous = queues.get(path) ?? Promise.resolve();
  const next = previous.then(async () => {
    const temp = tempPath(path);
    try {
      await writeFile(temp, data);
      await rename(temp, path);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
  });
  // The queue goes on after a failed write; the caller still sees the failure.
  const settled = next.catch(() => {});
  queues.set(path, settled);
  void settled.then(() => {
    if (queues.get(path) === settled) queues.delete(path);
  });
  return next;
}

export interface JsonRecovery {
  /** Temporary files a killed process left behind (removed). */
  removedTemps: string[];
  /** Unreadable JSON files, moved aside as `<name>.corrupt-<time>` (a first start after a crash of a non-atomic writer). */
  quarantined: string[];
  /** Unreadable files replaced by the newest complete temporary file found next to them. */
  restored: string[];
}

const parses = (text: string): boolean => {
  try {
    JSON.parse(text === '' ? '{}' : text);
    return true;
  } catch {
    return false;
  }
};

/**
 * The repair pass before a store opens `dir`: every `*.json` must parse. A complete temporary file
 * (killed between write and rename) is used only to restore an unreadable target, since its write
 * was never acknowledged; otherwise temporaries are deleted.
 */
export function recoverJsonFiles(dir: string): JsonRecovery {
  const out: JsonRecovery = { removedTemps: [], quarantined: [], restored: [] };
  const names = readdirSync(dir);
  const mtime = (n: string) => statSync(join(dir, n)).mtimeMs;
  const temps = names.filter((n) => n.includes(`.json${TEMP_MARK}`)).sort((a, b) => mtime(b) - mtime(a));
  for (const name of names.filter((n) => n.endsWith('.json'))) {
    const path = join(dir, name);
    if (parses(readFileSync(path, 'utf8'))) continue;
    const usable = temps.find((t) => t.startsWith(`${name}${TEMP_MARK}`) && parses(readFileSync(join(dir, t), 'utf8')));
    if (usable) {
      renameSync(join(dir, usable), path);
      out.restored.push(name);
      continue;
    }
    renameSync(path, `${path}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`);
    out.quarantined.push(name);
  }
  for (const name of readdirSync(dir).filter((n) => n.includes(`.json${TEMP_MARK}`))) {
    rmSync(join(dir, name), { force: true });
    out.removedTemps.push(basename(name));
  }
  return out;
}
