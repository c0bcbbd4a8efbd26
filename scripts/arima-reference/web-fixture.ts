/**
 * Rewrites the ARIMA screen's component-test fixture (web/src/features/arima/test/arima-spy.fixture.json):
 * the real get_ts_arima_data answer for SPY with the defaults on the demo bundle (as of 2024-03-08).
 * Run: npx tsx scripts/arima-reference/web-fixture.ts
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { arimaQuery } from '@tapewatch/shared/schemas/arima';
import { computeArima } from '@tapewatch/functions/domain/arima/compute-arima';
import { futureTradingDays } from '@tapewatch/functions/http/arima/get-ts-arima-data';
import { readBundle } from '../demo-data/load-demo.ts';

const spy = readBundle().series.get('SPY')!;
const { ticker: _t, ...params } = arimaQuery.parse({});
const out = computeArima('SPY', { dates: spy.date, closes: spy.close }, params, futureTradingDays);
writeFileSync(
  join(import.meta.dirname, '../../web/src/features/arima/test/arima-spy.fixture.json'),
  `${JSON.stringify(out)}\n`,
);
