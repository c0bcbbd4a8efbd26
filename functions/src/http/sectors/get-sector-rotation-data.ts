import type { SectorRotationData } from '@tapewatch/shared/schemas/sector-rotation';
import { documentClient } from '../../data/client.ts';
import { SnapshotRepository } from '../../data/snapshot-repository.ts';
import { comboKey } from '../../domain/sector-rotation/rotation.ts';
import { SECTOR_ROTATION_SNAPSHOT, type SectorRotationSnapshot } from '../../jobs/sector-rotation.ts';
import { NotReadyError } from '../../lib/errors.ts';
import { defineHandler, jsonText, type JsonText } from '../../lib/http.ts';
import { memoize } from '../../lib/memo.ts';

/** The snapshot holds all 36 answers; each is serialised once per container and load. */
const latest = memoize(60_000, async () => {
  const snap = await new SnapshotRepository(documentClient()).latest<SectorRotationSnapshot>(SECTOR_ROTATION_SNAPSHOT);
  if (!snap) throw new NotReadyError('Sector rotation is being computed. Please try again in a minute.');
  return { payload: snap.payload, texts: new Map<string, JsonText<SectorRotationData>>() };
});

export const handler = defineHandler('get_sector_rotation_data', async ({ query }) => {
  const { payload, texts } = await latest();
  const key = comboKey(query.index, query.lookback, query.factor);
  let text = texts.get(key);
  if (!text) {
    const body = payload[key];
    if (!body) throw new NotReadyError('Sector rotation is being computed. Please try again in a minute.');
    text = jsonText(body);
    texts.set(key, text);
  }
  return text;
});
