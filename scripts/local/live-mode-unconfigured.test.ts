import { describe, expect, it } from 'vitest';
import { DEMO_AS_OF } from '@tapewatch/shared/constants';
import { DATA_SOURCES, type DataSourceId } from '@tapewatch/shared/api/data-sources';
import { routeList } from '@tapewatch/shared/api/routes';
import { flowCallers, useIntegrationRuntime } from '../test/integration-runtime.ts';

// A new user's first `TAPEWATCH_DATA_MODE=live npm start` without any provider key (issue 27):
// an empty data directory, as on a first start; the demo bundle must stay out.
const it_ = useIntegrationRuntime({
  empty: true,
  env: { TAPEWATCH_DATA_MODE: 'live', POLYGON_API_KEY: '', BENZINGA_API_KEY: '' },
  callers: flowCallers(),
  token: 'sub-token',
});

const UNAVAILABLE: ReadonlySet<DataSourceId> = new Set(['polygon-daily-bars', 'benzinga-options-activity']);
const getRoutes = routeList.filter((r) => r.method === 'GET');
const sourcesOf = (route: string) => DATA_SOURCES.filter((s) => (s.routes as readonly string[]).includes(route));

describe('live mode without provider keys', () => {
  it('says it serves live data, with no demo as-of date', async () => {
    const info = await it_.api.get('get_app_info');
    expect(info.body).toMatchObject({ data_mode: 'live', as_of: null, options_flow: 'live' });
  });

  it('lists every source with what is missing', async () => {
    const res = await it_.api.get('get_data_status');
    expect(res.status).toBe(200);
    expect(res.body.data_mode).toBe('live');
    const states = Object.fromEntries(
      (res.body.sources as Array<{ source: string; state: string }>).map((s) => [s.source, s.state]),
    );
    // Nothing fetched yet on this first start: a public source is not ready before a run succeeded (issue 35).
    expect(states).toEqual({
      'polygon-daily-bars': 'missing_key',
      'benzinga-options-activity': 'missing_key',
      'finra-short-volume': 'pending',
      'finra-short-interest': 'pending',
      'cboe-option-chains': 'pending',
      'shiller-sp500': 'pending',
      'cboe-vix-history': 'pending',
      'nasdaq-symbol-directory': 'pending',
    });
  });

  it.each(getRoutes.map((r) => [r.name, r.path, r.example ?? ''] as const))(
    '%s never answers demo data; a screen without its source says which',
    async (name, path, example) => {
      const http = await fetch(`${it_.url}${path}${example ? `?${example}` : ''}`, {
        headers: { authorization: 'Bearer sub-token' },
      });
      const text = await http.text();
      const res = { status: http.status, body: JSON.parse(text) as Record<string, unknown> };
      // The API reference's examples are documentation, dated like the demo on purpose.
      if (name !== 'get_openapi') expect(text).not.toContain(DEMO_AS_OF);
      const sources = sourcesOf(name);
      const missing = sources.filter((s) => UNAVAILABLE.has(s.id));
      if (missing.length > 0) {
        expect(res.status).toBe(503);
        expect(res.body.alert_message).toBe(missing.map((s) => s.unavailable).join(' '));
      } else if (sources.length > 0) {
        // A public source with nothing ingested yet: an alert, never an empty or invented answer.
        expect(res.status).toBe(503);
        expect(res.body.alert_show).toBe(true);
      } else {
        expect(res.status).toBe(200);
      }
    },
  );
});
