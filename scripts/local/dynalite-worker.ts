import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { startDynaliteServer } from './dynalite-server.ts';
import { WriteCounters } from './write-counters.ts';

/**
 * Worker-thread entry of the local DynamoDB (dynamo.ts startDynalite): dynalite's request parsing,
 * expression evaluation and LevelDB calls run on their own thread, so on two cores they overlap
 * with the handlers' JavaScript instead of taking turns with it. Every write moves the shared
 * write counts the main thread's readers check (write-counters.ts, data/write-signal.ts).
 */
const { dir, generation, requests } = workerData as {
  dir: string;
  generation: SharedArrayBuffer;
  requests: MessagePort;
};
const counters = new WriteCounters(generation);
try {
  const server = await startDynaliteServer(dir, (items) => counters.recordWrite(items));
  server.serve(requests);
  parentPort!.on('message', (m: unknown) => {
    if (m === 'close') void server.close().then(() => parentPort!.postMessage('closed'));
  });
  parentPort!.postMessage({ port: server.port });
} catch (err) {
  parentPort!.postMessage({ error: err instanceof Error ? err.message : String(err) });
}
