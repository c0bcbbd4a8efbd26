import type { ApiClient } from './api-client.ts';

/**
 * Compile-time checks of the typed client (tsc -p scripts reads this file; nothing runs it): the
 * route table decides which names, queries and bodies are accepted.
 */
export function typedClientChecks(api: ApiClient): void {
  void api.get('get_ts_arima_data', { ticker: 'AAPL', trend: 'ct', d: 0 });
  void api.post('submit_login', { username_or_email: 'a', password: 'b', remember: false });
  // @ts-expect-error an unknown route name
  void api.get('get_no_such_data');
  // @ts-expect-error a POST route is not a GET
  void api.get('submit_login');
  // @ts-expect-error a parameter the route does not take
  void api.get('get_short_interest', { top: 'float', x: '1' });
  // @ts-expect-error a value outside the route's choices
  void api.get('get_short_interest', { top: 'volume' });
  // @ts-expect-error a body field of the wrong type
  void api.post('submit_login', { username_or_email: 'a', password: 'b', remember: 'yes' });
  // What a route must refuse is sent on purpose, and says so.
  void api.getUnchecked('get_short_interest', { top: 'volume' });
}
