import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../../local/web-build.ts';

export interface Child {
  proc: ChildProcess;
  /** Every stdout and stderr line so far. */
  lines: string[];
  /** Resolves with the first line matching `re` (rejects when the process ends first or on timeout). */
  waitForLine(re: RegExp, timeoutMs: number): Promise<string>;
  /** Resolves with the exit code, or the signal name when killed. */
  exited: Promise<number | string>;
  kill(): Promise<number | string>;
}

/**
 * A TypeScript entry point of the repo in its own Node process. `node --import tsx` (not the tsx
 * CLI, which runs the script in a grandchild) so that SIGKILL hits the process doing the work.
 */
export function spawnScript(script: string, args: string[], env: Record<string, string | undefined>): Child {
  const proc = spawn(process.execPath, ['--import', 'tsx', join(ROOT, script), ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'silent', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const watchers = new Set<(line: string) => void>();
  const onData = (buffer: { rest: string }) => (chunk: Buffer) => {
    const parts = (buffer.rest + chunk.toString('utf8')).split('\n');
    buffer.rest = parts.pop() ?? '';
    for (const line of parts) {
      lines.push(line);
      for (const w of watchers) w(line);
    }
  };
  proc.stdout!.on('data', onData({ rest: '' }));
  proc.stderr!.on('data', onData({ rest: '' }));
  const exited = new Promise<number | string>((resolve) =>
    proc.once('exit', (code, signal) => resolve(signal ?? code ?? -1)),
  );
  const waitForLine = (re: RegExp, timeoutMs: number) =>
    new Promise<string>((resolve, reject) => {
      const seen = lines.find((l) => re.test(l));
      if (seen) return resolve(seen);
      const done = () => {
        clearTimeout(timer);
        watchers.delete(watch);
      };
      const watch = (line: string) => {
        if (re.test(line)) {
          done();
          resolve(line);
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no line matching ${re} within ${timeoutMs} ms; output:\n${lines.slice(-20).join('\n')}`));
      }, timeoutMs);
      watchers.add(watch);
      void exited.then((how) => {
        if (!watchers.has(watch)) return;
        done();
        reject(
          new Error(`${script} ended (${how}) before a line matching ${re}; output:\n${lines.slice(-20).join('\n')}`),
        );
      });
    });
  const kill = () => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
    return exited;
  };
  return { proc, lines, waitForLine, exited, kill };
}
