import { DEMO_AS_OF } from '@tapewatch/shared/constants';
import { defineHandler } from '../../lib/http.ts';
import { dataMode } from '../../platform/clock.ts';

/** Tells the UI which data it is showing, so it can label demo data honestly. */
export const handler = defineHandler('get_app_info', async () => {
  const mode = dataMode();
  return {
    data_mode: mode,
    as_of: mode === 'demo' ? (process.env.TAPEWATCH_DEMO_AS_OF ?? DEMO_AS_OF) : null,
    options_flow: mode === 'demo' ? ('simulated' as const) : ('live' as const),
    version: process.env.TAPEWATCH_VERSION ?? 'dev',
  };
});
