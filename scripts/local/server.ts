import { rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { alertBody } from '@tapewatch/shared/api/alert';
import { schedules } from '@tapewatch/functions/platform/schedules';
import { documentClient, resetDocumentClient } from '@tapewatch/functions/data/client';
import { toJson } from '@tapewatch/functions/lib/json';
import { resetManagementClient } from '@tapewatch/functions/platform/realtime';
import { resetIdentity } from '@tapewatch/functions/platform/identity';
import { resetMailer } from '@tapewatch/functions/platform/mail';
import { loadDemoData } from '../demo-data/load-demo.ts';
import { handleApi, preloadHandlers } from './api-router.ts';
import { serveLocalPayments } from './checkout.ts';
import { startLocalCognito } from './cognito.ts';
import { serveDevMail } from './dev-mail.ts';
import { localAlertLinkSecret, localVapidKeys, localWebhookSecret } from './local-secrets.ts';
import { ensureTables, startDynalite } from './dynamo.ts';
import { flowRateFromEnv, startFlowPlayer } from './flow-live.ts';
import { progressBar } from './progress.ts';
import { DEFAULT_HOST, isLoopback, parseRequestTarget } from './request-guard.ts';
import { startLiveBackfill } from './live-backfill-start.ts';
import { backfillDemoDatasets, runJob, startSchedules } from './scheduler.ts';
import { createStaticHandler, securityHeaders } from './static.ts';
import { buildWeb, DIST_DIR, ROOT, webBuildIsStale } from './web-build.ts';
import { attachWebSocket } from './websocket.ts';

export interface LocalRuntimeOptions {
  port: number;
  /** Bind address; 127.0.0.1 unless given (main.ts passes HOST). */
  host?: string;
  dataDir?: string;
  /** Build web/dist when missing or stale (off in API-only tests). */
  web?: boolean;
  /** Run the croner schedules (off in tests, which call jobs directly). */
  schedules?: boolean;
  /**
   * Build the demo's generated datasets on a first start: in the background while the server
   * answers (default), before listening ('blocking', for end-to-end tests), or not at all.
   */
  backfill?: 'background' | 'blocking' | false;
  /** Play the demo's live options-flow session (default: when schedules run). */
  flowLive?: boolean;
  log?: (line: string) => void;
}

export interface LocalRuntime {
  /** Settles when the background demo backfill is done. */
  backfill: Promise<void>;
  url: string;
  port: number;
  dataDir: string;
  /** The HTTP server (tests inject connections with a chosen peer address through it). */
  server: Server;
  close(): Promise<void>;
}

function loadDemo() {
  const bar = progressBar('loading demo data');
  return loadDemoData(documentClient(), { onProgress: (p) => bar(p.done, p.total, p.label) });
}

/**
 * The embedded default: one process with dynalite, every route as a Lambda-style handler, the
 * WebSocket API and its management endpoint, the schedules, and the web build.
 */
export async function startLocalRuntime(opts: LocalRuntimeOptions): Promise<LocalRuntime> {
  const say = opts.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const dataDir = opts.dataDir ?? join(ROOT, '.data');
  // Handlers offer local stand-ins (checkout pages, generated secrets) only inside this runtime.
  process.env.TAPEWATCH_RUNTIME = 'local';
  process.env.TAPEWATCH_DATA_MODE ??= 'demo';
  process.env.AWS_REGION ??= 'us-east-1';

  const dynamo = await startDynalite(join(dataDir, 'dynamodb'));
  // Without real Stripe keys the local checkout signs its events with this data directory's secret.
  if (!process.env.STRIPE_SECRET_KEY) process.env.STRIPE_WEBHOOK_SECRET ??= localWebhookSecret(dataDir);
  process.env.ALERT_LINK_SECRET ??= localAlertLinkSecret(dataDir);
  // Browser pushes of flow alerts work locally with this data directory's key pair (a set pair wins).
  if (!process.env.VAPID_PUBLIC_KEY && !process.env.VAPID_PRIVATE_KEY) {
    const vapid = localVapidKeys(dataDir);
    process.env.VAPID_PUBLIC_KEY = vapid.publicKey;
    process.env.VAPID_PRIVATE_KEY = vapid.privateKey;
  }
  process.env.VAPID_SUBJECT ??= 'mailto:alerts@tapewatch.localhost';
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  resetDocumentClient(dynamo.requestHandler);
  await ensureTables(dynamo.endpoint);
  const cognito = await startLocalCognito(join(dataDir, 'cognito'), dataDir);
  resetIdentity();
  const mailDir = join(dataDir, 'mail');
  process.env.MAIL_OUTBOX_DIR = mailDir;
  resetMailer();

  let building: Promise<unknown> = Promise.resolve();
  if (opts.web !== false && webBuildIsStale()) {
    say('  building the web app (web/dist is missing or older than its sources)...');
    building = buildWeb();
  }
  const demo = process.env.TAPEWATCH_DATA_MODE !== 'live';
  // Live mode never loads the demo bundle: its screens show the sources' data or say what is missing.
  const loading = demo ? loadDemo() : Promise.resolve(null);
  const [, load] = await Promise.all([building, loading, preloadHandlers()]);
  if (load && !load.loaded) say(`  demo data already loaded (${load.tickers} series, bundle ${load.version})`);

  // Live mode's backfill runs every precompute after its fetches (live-backfill-plan.ts); run here,
  // before any data, they would only fail ahead of the start-up's list of sources.
  if (demo) for (const def of schedules.filter((s) => s.runOnLocalStart)) await runJob(def);
  let stopped = false;
  const aborter = new AbortController();
  if (demo && opts.backfill === 'blocking') await backfillDemoDatasets(say, () => stopped);

  const serveStatic = createStaticHandler(DIST_DIR);
  const server = createServer();
  // Node closes an idle keep-alive socket after 5 s; a client whose event loop was busy longer (a test
  // computing its expected answer in this same process, a loaded machine) then sends on the closed socket
  // and gets ECONNRESET. Clients honour the advertised timeout, so a minute moves the race out of reach.
  server.keepAliveTimeout = 61_000;
  server.headersTimeout = 62_000;
  const ws = attachWebSocket(server);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = parseRequestTarget(req.url);
    if (!url) {
      res.writeHead(400, {
        ...securityHeaders,
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
      });
      return void res.end(toJson(alertBody('The request URL is malformed.')));
    }
    const fail = (err: unknown) => {
      say(`  request failed ${req.method} ${url.pathname}: ${(err as Error).stack ?? String(err)}`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(toJson(alertBody('Something went wrong on our side. Please try again in a moment.')));
    };
    // One process serves everything: a handler that throws synchronously must not end it.
    try {
      route(req, res, url, fail);
    } catch (err) {
      fail(err);
    }
  });
  const route = (req: IncomingMessage, res: ServerResponse, url: URL, fail: (err: unknown) => void): void => {
    // The outbox holds login and reset links, and checkout pays: nobody on the network may reach them.
    if (url.pathname.startsWith('/dev/')) {
      if (!isLoopback(req.socket.remoteAddress)) {
        res.writeHead(403, { ...securityHeaders, 'content-type': 'text/plain; charset=utf-8' });
        return void res.end('The /dev pages answer only requests from this machine.');
      }
      for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
    }
    if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return void handleApi(req, res, url).catch(fail);
    if (url.pathname === '/dev/mail') return void serveDevMail(mailDir, res, url).catch(fail);
    // The soak bench tells JS heap from native growth (RSS alone cannot); loopback only.
    if (url.pathname === '/dev/memory') {
      if (url.searchParams.has('gc')) (globalThis as { gc?: () => void }).gc?.();
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(process.memoryUsage()));
    }
    if (url.pathname.startsWith('/dev/checkout/') || url.pathname.startsWith('/dev/portal/')) {
      return void serveLocalPayments(req, res, url, process.env.APP_BASE_URL ?? `http://localhost:${opts.port}`).catch(
        fail,
      );
    }
    if (url.pathname.startsWith('/@connections/')) {
      if (!isLoopback(req.socket.remoteAddress)) return void res.writeHead(403).end();
      return void ws.handleManagement(req, res, url).catch(fail);
    }
    serveStatic(req, res, url);
  };
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? DEFAULT_HOST, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  process.env.WS_MANAGEMENT_ENDPOINT = `http://127.0.0.1:${port}`;
  // Emailed links point at this runtime (the web app serves /confirm/... and /confirmpassword/...).
  process.env.APP_BASE_URL = `http://localhost:${port}`;
  resetManagementClient();
  // Lets `npm run ingest` reach this process's database while it runs (LevelDB allows one owner).
  const runtimeFile = join(dataDir, 'runtime.json');
  writeFileSync(runtimeFile, JSON.stringify({ pid: process.pid, port, dynamodb: dynamo.endpoint }));

  const cron =
    opts.schedules === false ? null : startSchedules((name, err) => say(`  job ${name} failed: ${String(err)}`));
  const backfillMode = opts.backfill ?? 'background';
  const backfill =
    backfillMode === false
      ? Promise.resolve()
      : demo
        ? backfillMode === 'background'
          ? backfillDemoDatasets(say, () => stopped)
          : Promise.resolve()
        : startLiveBackfill(say, aborter.signal);
  const flowPlayer =
    demo && (opts.flowLive ?? opts.schedules !== false)
      ? startFlowPlayer({ db: documentClient(), rate: flowRateFromEnv(), log: say })
      : null;

  return {
    url: `http://localhost:${port}`,
    port,
    dataDir,
    server,
    backfill,
    close: async () => {
      // A backfill cut short leaves its dataset marker behind the demo date; the next start redoes it.
      stopped = true;
      aborter.abort();
      flowPlayer?.stop();
      cron?.stop();
      ws.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await dynamo.close();
      await cognito.close();
      rmSync(runtimeFile, { force: true });
    },
  };
}
