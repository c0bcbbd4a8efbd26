import { schedules } from '@tapewatch/functions/platform/schedules';
import { routeList } from '@tapewatch/shared/api/routes';
import { DEMO_AS_OF } from '@tapewatch/shared/constants';
import { currentSourceStatuses } from '@tapewatch/functions/platform/data-sources';
import { dataSourcesReport } from './data-sources-report.ts';
import { bindHost } from './request-guard.ts';
import { startLocalRuntime } from './server.ts';

const started = performance.now();
// Request logs are for Lambda/CloudWatch; locally only warnings and errors reach the terminal.
process.env.LOG_LEVEL ??= 'warn';
// Lambda runs Node 22; the SDK's notice about Node 20 support ending in 2027 is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const port = Number(process.env.PORT ?? 3000);
// 127.0.0.1 unless HOST says otherwise: the /dev pages and the demo accounts are not for the network.
const { host, warning } = bindHost(process.env);

process.stdout.write('Tapewatch local runtime starting...\n');
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
process.stdout.write(
  [
    '',
    `Tapewatch is running at ${runtime.url}  (ready in ${seconds} s)`,
    `  web app        ${runtime.url}/Sectorperformance`,
    `  API            ${runtime.url}/api/... (${routeList.length} routes as Lambda handlers)`,
    `  WebSocket      ws://localhost:${runtime.port}/ws  (management API at /@connections)`,
    `  DynamoDB       dynalite, data in ${runtime.dataDir}/dynamodb`,
    `  Cognito        cognito-local, state in ${runtime.dataDir}/cognito`,
    `  email          outbox at ${runtime.url}/dev/mail (files in ${runtime.dataDir}/mail)`,
    `  schedules      ${schedules.map((s) => `${s.name} (${s.cron})`).join(', ')} America/New_York`,
    ...(process.env.TAPEWATCH_DATA_MODE === 'live'
      ? dataSourcesReport(currentSourceStatuses())
      : [`  market data    demo dataset as of ${process.env.TAPEWATCH_DEMO_AS_OF ?? DEMO_AS_OF}`]),
    'Press Ctrl+C to stop.',
    '',
  ].join('\n'),
);
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
