import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp } from '../../test/render-app.tsx';
import { demoAppRoutes, signedInRoutes, stubApi } from '../../test/stub-api.ts';

const NO_RULES = { rules: [], limits: { activeRules: 10, storedRules: 50 }, plan_message: null };
const FLOW_MISSING = 'No flow provider configured: set BENZINGA_API_KEY to see options flow on live data.';
const status = (state: 'demo' | 'ready' | 'missing_key') => ({
  data_mode: state === 'demo' ? 'demo' : 'live',
  datasets: [],
  jobs: [],
  sources: [
    {
      source: 'benzinga-options-activity',
      name: 'Options flow',
      provider: 'Benzinga',
      env_key: 'BENZINGA_API_KEY',
      cost: 'paid',
      terms: '',
      state,
      screens: [],
      unavailable: FLOW_MISSING,
    },
  ],
});

/** The page for a user of `plan` with no rules, on a deployment whose flow source is in `state`. */
function open(plan: 'free' | 'basic', state: 'demo' | 'ready' | 'missing_key') {
  stubApi({
    ...demoAppRoutes(),
    ...signedInRoutes(plan),
    '/api/get_alert_rules': [200, NO_RULES],
    '/api/get_data_status': [200, status(state)],
  });
  renderApp('/alerts');
}

describe('Flow Alerts page (/alerts)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('tells a free user to subscribe, and does not then invite them to create one', async () => {
    open('free', 'demo');
    expect((await screen.findByTestId('no-rules', {}, { timeout: 15_000 })).textContent).toMatch(/^No alerts yet\.$/);
    expect(screen.getByText(/Subscribe to create them/)).not.toBeNull();
    expect(screen.queryByTestId('new-rule')).toBeNull();
  });

  it('invites a subscriber to create one, and says so when no flow provider is configured', async () => {
    open('basic', 'missing_key');
    expect((await screen.findByTestId('no-flow-provider', {}, { timeout: 15_000 })).textContent).toContain(
      FLOW_MISSING,
    );
    expect(screen.getByTestId('no-rules').textContent).toMatch(/Create one here/);
    expect(screen.getByTestId('new-rule')).not.toBeNull();
  });

  it('says nothing of the provider when flow is served (demo or configured)', async () => {
    open('basic', 'ready');
    await screen.findByTestId('new-rule', {}, { timeout: 15_000 });
    await screen.findByTestId('no-rules');
    expect(screen.queryByTestId('no-flow-provider')).toBeNull();
  });
});
