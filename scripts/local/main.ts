import { bindHost } from './request-guard.ts';
import { startLocalRuntime } from './server.ts';
import { runningLines, startingLines } from './startup-lines.ts';

const started = performance.now();
// Request logs are for Lambda/CloudWatch; locally only warnings and errors reach the terminal.
process.env.LOG_LEVEL ??= 'warn';
// Lambda runs Node 22; the SDK's notice about Node 20 support ending in 2027 is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const port = Number(process.env.PORT ?? 3000);
// 127.0.0.1 unless HOST says otherwise: the /dev pages and the demo accounts are not for the network.
const { host, warning } = bindHost(process.env);

process.stdout.write(`${startingLines(process.env).join('\n')}\n`);
const runtime = await startLocalRuntime({
  port,
  host,
  dataDir: process.env.DATA_DIR,
  backfill: process.env.TAPEWATCH_BACKFILL === 'blocking' ? 'blocking' : 'background',
}).catch((err: Error) => {
  process.stderr.write(`\nCould not start: ${err.message}\n`);
  if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE')
    process.stderr.write(`Port ${port} is in use; set PORT to another port.\n`);
  process.exit(1);
});

const seconds = ((performance.now() - started) / 1000).toFixed(1);
process.stdout.write(runningLines(runtime, process.env, seconds).join('\n'));
if (warning) process.stderr.write(`${warning}\n\n`);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  process.stdout.write(`\n${signal}: stopping...\n`);
  const force = setTimeout(() => process.exit(1), 5000);
  await runtime.close();
  clearTimeout(force);
  process.stdout.write(`Stopped. Data kept in ${runtime.dataDir}\n`);
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
