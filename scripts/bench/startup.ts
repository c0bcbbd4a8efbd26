import { spawn } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '../..');

export interface RunningServer {
  url: string;
  readyMs: number;
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
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer) => {
      output += d.toString();
      if (output.includes('Tapewatch is running')) {
        child.stdout.off('data', onData);
        resolve({
          url: `http://127.0.0.1:${port}`,
          readyMs: Math.round(performance.now() - started),
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
