import { screen, within } from '@testing-library/react';
import {
  demoAppRoutes,
  type ApiRoutes,
  signedInRoutes,
  stubApi,
  type FetchMock,
  urlsCalled,
} from '../../../test/stub-api.ts';
import { largest, leaps, metrics, otmRows, premiums, quotes, sectors, volume, DAY } from './dashboard-fixtures.ts';

/** The app's calls answered for a signed-in user of the given plan; `over` replaces some answers. */
export function dashboardApi(subscription = 'basic', over: ApiRoutes = {}) {
  return stubApi({
    ...demoAppRoutes(),
    ...signedInRoutes(subscription),
    '/api/get_options_flow_index_quotes_data': [200, quotes],
    '/api/get_options_flow_index_metrics_data': [200, metrics],
    '/api/get_options_flow_largest_flow_data': [200, largest],
    '/api/get_options_flow_sector_inflow_data': [200, sectors],
    '/api/get_options_flow_most_otm_data': [200, { date: DAY, data: otmRows }],
    '/api/get_options_flow_high_oi_leaps_data': [200, leaps],
    '/api/get_options_flow_daily_over_avg_premiums_data': [200, premiums],
    '/api/get_options_flow_daily_over_avg_size_data': [200, volume],
    ...over,
  });
}

export const flowCalls = (f: FetchMock) => urlsCalled(f, 'get_options_flow_');

/** Body rows of a table (by accessible name or test id) as cell texts. */
export function bodyCells(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .filter((r) => r.querySelector('td'))
    .map((r) => Array.from(r.children).map((c) => c.textContent ?? ''));
}

export const dataTable = (testId: string) => bodyCells(screen.getByTestId(testId));
