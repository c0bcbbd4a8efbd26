import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import type { WsEvent, WsFrame } from '@tapewatch/shared/ws/messages';
import { documentClient } from '../data/client.ts';
import { FanoutStatusRepository } from '../data/flow-fanout-status.ts';
import { FlowRepository } from '../data/flow-repository.ts';
import { tradeFromRecord } from '../domain/flow/trade.ts';
import { errorFields, log } from '../lib/log.ts';
import { broadcast } from '../platform/realtime.ts';
import { parseBenzingaOptionsActivity } from '../providers/benzinga/options-activity.ts';

/** The longest a trade waits for the frame it shares with others. */
export const COALESCE_WINDOW_MS = 250;

/**
 * Live fan-out with coalescing. A trade goes out at once when no frame is in flight; trades that
 * arrive while one is (fan-out to N connections takes a while) wait and leave together in the next
 * frame, as an array of new_flow events, no later than the window. Cost per trade is therefore
 * connections x frames, not connections x trades, under load: at 10 trades/s and 100 clients about
 * 1,000 PostToConnection calls a second at worst, fewer when trades coalesce.
 */
export class FlowFanout {
  private queue: WsEvent[] = [];
  private inFlight: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private lastStatusAt = 0;
  private readonly status: FanoutStatusRepository;

  constructor(
    private readonly db: DynamoDBDocumentClient = documentClient(),
    private readonly send: (frame: WsFrame) => Promise<{ sent: number; gone: number }> = (f) => broadcast(db, f),
    private readonly windowMs = COALESCE_WINDOW_MS,
  ) {
    this.status = new FanoutStatusRepository(db);
  }

  publish(trades: readonly FlowTrade[]): void {
    for (const t of trades) this.queue.push({ event: 'new_flow', data: JSON.stringify(t) });
    this.schedule();
  }

  /** database_cleared goes out on its own, after what is queued. */
  async cleared(): Promise<void> {
    await this.flush();
    await this.send({ event: 'database_cleared' });
  }

  /** Sends everything queued and waits for it (a Lambda invocation calls this before returning). */
  async flush(): Promise<void> {
    while (this.inFlight || this.queue.length > 0) {
      if (this.inFlight) await this.inFlight;
      else this.sendNow();
    }
  }

  private schedule(): void {
    if (this.inFlight || this.queue.length === 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.sendNow();
  }

  private sendNow(): void {
    const events = this.queue;
    this.queue = [];
    const frame: WsFrame = events.length === 1 ? events[0]! : events;
    const started = Date.now();
    this.inFlight = this.send(frame)
      .then((r) => this.record(r, events.length))
      .catch((err: unknown) => log.error('flow fan-out failed', errorFields(err)))
      .finally(() => {
        this.inFlight = null;
        if (this.queue.length === 0) return;
        // Keep frames at most one window apart under sustained load; no wait when idle.
        const wait = Math.max(0, Math.min(this.windowMs, 25 - (Date.now() - started)));
        this.timer = setTimeout(() => {
          this.timer = null;
          this.schedule();
        }, wait);
      });
  }

  private async record(r: { sent: number; gone: number }, events: number): Promise<void> {
    const now = Date.now();
    if (now - this.lastStatusAt < 1000) return;
    this.lastStatusAt = now;
    await this.status.save({ at: new Date(now).toISOString(), sent: r.sent, gone: r.gone, events });
  }
}

/**
 * The live path shared by a vendor poller and the demo player: vendor records -> parser -> trades ->
 * one item each in the flow table -> fan-out. Returns the trades written.
 */
export async function ingestLiveRecords(json: unknown, fanout: FlowFanout, db: DynamoDBDocumentClient = documentClient()): Promise<FlowTrade[]> {
  const report = parseBenzingaOptionsActivity(json);
  if (report.skipped > 0) log.warn('malformed live flow records skipped', { skipped: report.skipped });
  const trades = report.rows.map(tradeFromRecord);
  if (trades.length === 0) return trades;
  await new FlowRepository(db).putLive(trades);
  fanout.publish(trades);
  return trades;
}
