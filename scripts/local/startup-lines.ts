import { schedules } from '@tapewatch/functions/platform/schedules';
import { currentSourceStatuses } from '@tapewatch/functions/platform/data-sources';
import { routeList } from '@tapewatch/shared/api/routes';
import { DEMO_AS_OF } from '@tapewatch/shared/constants';
import { dataSourcesReport } from './data-sources-report.ts';

/**
 * What `npm start` prints before the runtime is up: in live mode the list of sources comes first,
 * so a user reads which keys are missing before anything a fetch may print.
 */
export function startingLines(env: NodeJS.ProcessEnv): string[] {
  return [
    'Tapewatch local runtime starting...',
    ...(env.TAPEWATCH_DATA_MODE === 'live' ? dataSourcesReport(currentSourceStatuses(env)) : []),
  ];
}

export interface RunningRuntime {
  url: string;
  port: number;
  dataDir: string;
}

/**
 * What `npm start` prints once it answers. The web link opens a screen that works in this mode:
 * in live mode without keys most screens say what is missing, so it points at the status page.
 */
export function runningLines(runtime: RunningRuntime, env: NodeJS.ProcessEnv, seconds: string): string[] {
  const live = env.TAPEWATCH_DATA_MODE === 'live';
  return [
    '',
    `Tapewatch is running at ${runtime.url}  (ready in ${seconds} s)`,
    live
      ? `  data status    ${runtime.url}/status  (each source: ready, failing since, or key missing)`
      : `  web app        ${runtime.url}/Sectorperformance`,
    `  API            ${runtime.url}/api/... (${routeList.length} routes as Lambda handlers)`,
    `  WebSocket      ws://localhost:${runtime.port}/ws  (management API at /@connections)`,
    `  DynamoDB       dynalite, data in ${runtime.dataDir}/dynamodb`,
    `  Cognito        cognito-local, state in ${runtime.dataDir}/cognito`,
    `  email          outbox at ${runtime.url}/dev/mail (files in ${runtime.dataDir}/mail)`,
    `  schedules      ${schedules.map((s) => `${s.name} (${s.cron})`).join(', ')} America/New_York`,
    ...(live
      ? ['  market data    live (sources listed above; the backfill prints a line per failing source)']
      : [`  market data    demo dataset as of ${env.TAPEWATCH_DEMO_AS_OF ?? DEMO_AS_OF}`]),
    'Press Ctrl+C to stop.',
    '',
  ];
}
