import type { Sp500Dataset, Sp500RatiosResponse } from '@tapewatch/shared/schemas/sp500';
import { documentClient } from '../../data/client.ts';
import { SnapshotRepository } from '../../data/snapshot-repository.ts';
import type { Sp500RatiosSnapshot } from '../../domain/sp500/compute.ts';
import { SP500_RATIOS_SNAPSHOT } from '../../jobs/sp500-ratios.ts';
import { NotReadyError } from '../../lib/errors.ts';
import { defineHandler, jsonText, type JsonText } from '../../lib/http.ts';
import { memoize } from '../../lib/memo.ts';

// The snapshot changes once a day; a container serialises each dataset once a minute at most.
const latest = memoize(60_000, async () => {
  const snap = await new SnapshotRepository(documentClient()).latest<Sp500RatiosSnapshot>(SP500_RATIOS_SNAPSHOT);
  if (!snap) throw new NotReadyError('S&P 500 Statistics are being computed. Please try again in a minute.');
  // Serialised on first request per dataset, not all 36 at once on every reload.
  const texts = new Map<Sp500Dataset, JsonText<Sp500RatiosResponse>>();
  return (id: Sp500Dataset) => {
    let text = texts.get(id);
    const dataset = snap.payload.datasets[id];
    if (!text && dataset) texts.set(id, (text = jsonText(dataset)));
    return text;
  };
});

export const handler = defineHandler('get_sp500_ratios_data', async ({ query }) => {
  const text = (await latest())(query.dataset);
  if (!text) throw new NotReadyError('S&P 500 Statistics are being computed. Please try again in a minute.');
  return text;
});
