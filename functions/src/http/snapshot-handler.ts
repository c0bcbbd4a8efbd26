import type { ResponseOf, RouteName } from '@tapewatch/shared/api/routes';
import { documentClient } from '../data/client.ts';
import type { SnapshotDef } from '../data/snapshot-catalog.ts';
import { SnapshotRepository } from '../data/snapshot-repository.ts';
import { NotReadyError } from '../lib/errors.ts';
import { defineHandler, jsonText, type HandlerContext, type JsonText, type LambdaHttpHandler } from '../lib/http.ts';
import { memoize } from '../lib/memo.ts';

/** Snapshots change when a job runs (daily at most): a container reloads one a minute at most. */
const RELOAD_MS = 60_000;

/** Which part of the payload a query asks for: `key` names it, `select` takes it out of the payload. */
export interface SnapshotPart<N extends RouteName, T> {
  key: (query: HandlerContext<N>['query']) => string;
  select: (payload: T, key: string) => ResponseOf<N> | undefined;
}

/**
 * The handler of a read-a-snapshot route: the latest snapshot, serialised once per container and
 * reload; 503 with the catalog's message until a job has written it. With `part`, the route answers
 * one part of the payload chosen by the query, each serialised on its first request rather than all
 * at once; a missing part is "not ready" too, since the next run may add it.
 */
export function snapshotHandler<N extends RouteName, T extends ResponseOf<N>>(
  route: N,
  def: SnapshotDef<T>,
): LambdaHttpHandler;
export function snapshotHandler<N extends RouteName, T>(
  route: N,
  def: SnapshotDef<T>,
  part: SnapshotPart<N, T>,
): LambdaHttpHandler;
export function snapshotHandler<N extends RouteName, T>(
  route: N,
  def: SnapshotDef<T>,
  part?: SnapshotPart<N, T>,
): LambdaHttpHandler {
  const latest = memoize(RELOAD_MS, async () => {
    const snap = await new SnapshotRepository(documentClient()).latestOf(def);
    if (!snap) throw new NotReadyError(def.notReady);
    return { payload: snap.payload, texts: new Map<string, JsonText<ResponseOf<N>>>() };
  });
  const whole = { key: () => '', select: (payload: T) => payload as unknown as ResponseOf<N> };
  const { key, select } = part ?? whole;
  return defineHandler(route, async ({ query }) => {
    const { payload, texts } = await latest();
    const k = key(query);
    let text = texts.get(k);
    if (!text) {
      const selected = select(payload, k);
      if (selected === undefined) throw new NotReadyError(def.notReady);
      texts.set(k, (text = jsonText(selected)));
    }
    return text;
  });
}
