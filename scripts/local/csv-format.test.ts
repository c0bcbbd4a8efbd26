import { describe, expect, it } from 'vitest';
import {
  type CsvColumn,
  darkPoolsCsv,
  optionChainCsv,
  shortInterestCsv,
  signalsCsv,
} from '@tapewatch/shared/api/csv-columns';
import { routeList } from '@tapewatch/shared/api/routes';
import { shortInterestResponse } from '@tapewatch/shared/schemas/short-interest';
import { flowCallers, useIntegrationRuntime } from '../test/integration-runtime.ts';
import { parseCsv } from '../demo-data/csv.ts';

/** The registry each page passes its table as csvColumns; the flow tables have no page export yet. */
const pageExports: Record<string, readonly CsvColumn<never>[]> = {
  get_short_interest: shortInterestCsv,
  get_dark_pool_data: darkPoolsCsv,
  get_signals_data: signalsCsv,
  get_option_chain: optionChainCsv,
};

/** The header line of a CSV answer (an empty table still has one). */
const headerOf = (text: string): string[] => text.split('\r\n')[0]!.split(',');

/** Issue 26 item 5: `?format=csv` on the routes whose answer is a table; the others refuse it by name. */
const t = useIntegrationRuntime({ callers: flowCallers(), token: 'sub-token' });

describe('?format=csv', () => {
  it('short interest: the same rows as the JSON, one column per field, text/csv', async () => {
    const json = shortInterestResponse.parse((await t.api.get('get_short_interest', { top: 'float' })).body);
    const res = await t.api.getUnchecked('get_short_interest', { top: 'float', format: 'csv' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const rows = parseCsv(res.text);
    expect(headerOf(res.text)).toEqual([
      'Ticker',
      'Date',
      'Short Interest',
      'Average Volume',
      'Days To Cover',
      '%Float Short',
    ]);
    expect(rows).toHaveLength(json.data.length);
    const first = json.data[0]!;
    expect(Object.values(rows[0]!)).toEqual([
      first.Ticker,
      first.Date,
      String(first['Short Interest']),
      first['Average Volume'] === null ? '' : String(first['Average Volume']),
      first['Days To Cover'] === null ? '' : String(first['Days To Cover']),
      first['%Float Short'] === null ? '' : String(first['%Float Short']),
    ]);
  });

  it("every table route answers CSV with its declared columns, the page export's where the page has one", async () => {
    const tables = routeList.filter((r) => r.csv);
    expect(tables.map((r) => r.name).sort()).toEqual([
      'get_current_options_flow',
      'get_dark_pool_data',
      'get_historical_options_flow',
      'get_option_chain',
      'get_short_interest',
      'get_signals_data',
    ]);
    for (const r of tables) {
      const res = await fetch(`${t.url}${r.path}?${r.example ? `${r.example}&` : ''}format=csv`, {
        headers: { authorization: 'Bearer sub-token' },
      });
      const text = await res.text();
      expect(res.status, `${r.name}: ${text.slice(0, 200)}`).toBe(200);
      expect(headerOf(text), r.name).toEqual(r.csv!.columns.map((c) => c.header));
      // The page's Download CSV exports these same registry columns (DataTable csvColumns).
      const page = pageExports[r.name];
      if (page) expect(headerOf(text), r.name).toEqual(page.map((c) => c.header));
    }
  });

  it('a route whose answer is not a table refuses format=csv with a 400 alert naming the ones that offer it', async () => {
    const res = await t.api.getUnchecked('get_app_info', { format: 'csv' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ alert_show: true });
    expect(res.body.alert_message).toMatch(/not a table.*get_short_interest/);
  });

  it('any other format is a 400 naming the parameter', async () => {
    const res = await t.api.getUnchecked('get_short_interest', { top: 'float', format: 'xml' });
    expect(res.status).toBe(400);
    expect(res.body.alert_message).toMatch(/'format'/);
  });
});
