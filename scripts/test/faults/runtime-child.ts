/**
 * The local runtime as a separate process for the fault tests (scripts/local/faults-*.test.ts):
 * API, WebSocket, dynalite and cognito-local over DATA_DIR on a free port, without the web build
 * or the schedules, so a test can SIGKILL it at any moment and start it again on the same data.
 */
import { startLocalRuntime } from '../../local/server.ts';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is required');
const runtime = await startLocalRuntime({
  port: 0,
  host: '127.0.0.1',
  dataDir,
  web: false,
  schedules: false,
  backfill: false,
  log: () => {},
});
process.stdout.write(`READY http://127.0.0.1:${runtime.port}\n`);
