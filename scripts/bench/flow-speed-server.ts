/**
 * The server the flow-speed bench measures: the local runtime without the web build, the schedules
 * or the live player (a quiet server), its demo backfill done before it listens. Run as its own
 * process so the load generator does not share its event loop (`node --cpu-prof` profiles it).
 */
import { startLocalRuntime } from '../local/server.ts';

process.env.LOG_LEVEL ??= 'warn';
process.env.RATE_LIMIT_MULTIPLIER ??= '1000000';
const runtime = await startLocalRuntime({
  port: Number(process.env.PORT ?? 3231),
  dataDir: process.env.DATA_DIR,
  web: false,
  schedules: false,
  backfill: 'blocking',
  log: (line) => process.stdout.write(`${line}\n`),
});
process.stdout.write(`flow-speed server ready at ${runtime.url} (pid ${process.pid}, data in ${runtime.dataDir})\n`);
const stop = async () => {
  await runtime.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
