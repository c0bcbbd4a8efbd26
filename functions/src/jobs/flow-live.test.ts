import { describe, expect, it } from 'vitest';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import type { WsFrame } from '@tapewatch/shared/ws/messages';
import { registerLocalDelivery } from '../platform/realtime.ts';
import { connectionsBroadcaster, FlowFanout, MAX_EVENTS_PER_FRAME } from './flow-live.ts';

const fakeDb = { send: async () => ({}) } as unknown as DynamoDBDocumentClient;
const trade = (key: string) => ({ key }) as FlowTrade;

function recorder(delayMs: number) {
  const frames: Array<{ at: number; frame: WsFrame }> = [];
  const t0 = Date.now();
  const send = async (frame: WsFrame) => {
    frames.push({ at: Date.now() - t0, frame });
    await new Promise((r) => setTimeout(r, delayMs));
    return { sent: 1, gone: 0 };
  };
  return { frames, send };
}
const sizes = (frames: Array<{ frame: WsFrame }>) =>
  frames.map(({ frame }) => (Array.isArray(frame) ? frame.length : 1));

describe('live fan-out coalescing', () => {
  it('sends a lone trade at once as a single event', async () => {
    const r = recorder(5);
    const f = new FlowFanout(fakeDb, r.send);
    f.publish([trade('a')]);
    await f.flush();
    expect(r.frames).toHaveLength(1);
    expect(r.frames[0]!.at).toBeLessThan(20);
    expect(r.frames[0]!.frame).toEqual({ event: 'new_flow', data: JSON.stringify(trade('a')) });
  });

  it('coalesces trades that arrive while a frame is in flight into one array frame', async () => {
    const r = recorder(40);
    const f = new FlowFanout(fakeDb, r.send);
    f.publish([trade('a')]);
    for (const k of ['b', 'c', 'd']) f.publish([trade(k)]);
    await f.flush();
    expect(sizes(r.frames)).toEqual([1, 3]);
    const second = r.frames[1]!.frame as Array<{ data: string }>;
    expect(second.map((e) => (JSON.parse(e.data) as FlowTrade).key)).toEqual(['b', 'c', 'd']);
    expect(r.frames[1]!.at - r.frames[0]!.at).toBeLessThan(250);
  });

  it('keeps frames under the 32 KB limit by splitting long queues', async () => {
    const r = recorder(1);
    const f = new FlowFanout(fakeDb, r.send);
    f.publish(Array.from({ length: 2 * MAX_EVENTS_PER_FRAME + 10 }, (_, i) => trade(`k${i}`)));
    await f.flush();
    expect(sizes(r.frames)).toEqual([MAX_EVENTS_PER_FRAME, MAX_EVENTS_PER_FRAME, 10]);
  });

  it('sends database_cleared after what is queued', async () => {
    const r = recorder(5);
    const f = new FlowFanout(fakeDb, r.send);
    f.publish([trade('a'), trade('b')]);
    await f.cleared();
    expect(r.frames.at(-1)!.frame).toEqual({ event: 'database_cleared' });
    expect(sizes(r.frames)).toEqual([2, 1]);
  });
});

describe('connections broadcaster', () => {
  it('waits for the first listing only; later frames use the last list while it is read again; a gone connection is dropped at once', async () => {
    let listings = 0;
    // The second listing is held until the test lets it go: a frame that waited for it could not return.
    let releaseListing: (() => void) | null = null;
    const conns = ['c1', 'c2', 'c3'];
    const db = {
      send: async (cmd: { constructor: { name: string } }) => {
        if (cmd.constructor.name === 'QueryCommand') {
          listings++;
          if (listings > 1) await new Promise<void>((r) => (releaseListing = r));
          return { Items: conns.map((id) => ({ connectionId: id, userId: `u-${id}`, connectedAt: '2024-01-01' })) };
        }
        if (cmd.constructor.name === 'GetCommand') return { Item: { subscription: 'basic' } };
        return {};
      },
    } as unknown as DynamoDBDocumentClient;
    const got: string[] = [];
    const unregister = registerLocalDelivery((id) => {
      got.push(id);
      return id !== 'c2';
    });
    let clock = 1_700_000_000_000;
    try {
      const send = connectionsBroadcaster(db, undefined, () => clock);
      expect(await send({ event: 'database_cleared' })).toEqual({ sent: 2, gone: 1 });
      expect(got.sort()).toEqual(['c1', 'c2', 'c3']);
      expect(listings).toBe(1);
      // Within the listing's second the list is reused as it is.
      clock += 900;
      got.length = 0;
      expect(await send({ event: 'database_cleared' })).toEqual({ sent: 2, gone: 0 });
      expect(listings).toBe(1);
      // After it, a frame starts a new listing but goes out without waiting for it (still held here).
      clock += 200;
      got.length = 0;
      expect(await send({ event: 'database_cleared' })).toEqual({ sent: 2, gone: 0 });
      expect(got.sort()).toEqual(['c1', 'c3']);
      expect(listings).toBe(2);
      expect(releaseListing).not.toBeNull();
      releaseListing!();
    } finally {
      unregister();
    }
  });
});
