import { startLocalRuntime } from './local/server.ts';
const t = performance.now();
const rt = await startLocalRuntime({ port: 3997, dataDir: '/tmp/tw-bf', web: false, schedules: false, log: (l) => console.log(((performance.now() - t) / 1000).toFixed(1), l) });
console.log('ready', ((performance.now() - t) / 1000).toFixed(1));
await rt.backfill;
console.log('backfill done', ((performance.now() - t) / 1000).toFixed(1));
await rt.close();
