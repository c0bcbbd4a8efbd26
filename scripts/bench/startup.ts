import { spawn } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '../..');

export interface RunningServer {
  url: string;
  /** The server process (for memory sampling). */
  pid: number;
  readyMs: number;
  /** Resolves with the ms since start once the output has matched `pattern` `count` times. */
  waitForOutput(pattern: RegExp, count: number): Promise<number>;
  /** Everything the server printed so far (stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
}

/** Starts `npm start`'s entry point as its own process and times it until it says it is running. */
export function startServer(port: number, dataDir: string): Promise<RunningServer> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/local/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters: Array<() => void> = [];
  const waitForOutput = (pattern: RegExp, count: number) =>
    new Promise<number>((resolve) => {
      const check = () => {
        if ((output.match(new RegExp(pattern.source, 'g')) ?? []).length >= count)
          resolve(Math.round(performance.now() - started));
        else waiters.push(check);
      };
      check();
    });
  let ready = false;
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer) => {
      output += d.toString();
      waiters.splice(0).forEach((w) => w());
      if (!ready && output.includes('Tapewatch is running')) {
        ready = true;
        resolve({
          url: `http://127.0.0.1:${port}`,
          pid: child.pid ?? 0,
          readyMs: Math.round(performance.now() - started),
          waitForOutput,
          output: () => output,
          stop: () =>
            new Promise((r) => {
              child.once('exit', () => r());
              child.kill('SIGINT');
            }),
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before ready:\n${output.slice(-2000)}`)));
  });
}
