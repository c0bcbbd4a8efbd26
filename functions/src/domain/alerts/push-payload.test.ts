import { describe, expect, it } from 'vitest';
import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import { trade } from '../flow/test-trade.ts';
import { composeAlertPush } from './push-payload.ts';

const nvda = (p: Partial<FlowTrade>): FlowTrade =>
  trade({ ticker: 'NVDA', time: '13:00:00', strike_price: 900, size: 500, price: 5, cost_basis: 250, ...p });

describe('alert push payload', () => {
  it('names the rule, summarises the trade and links to its Ticker Overview', () => {
    expect(composeAlertPush({ ruleId: 'r1abcd', ruleName: 'Big NVDA calls', trades: [nvda({})] })).toEqual({
      title: 'Flow alert "Big NVDA calls"',
      body: 'NVDA 2024-03-08 13:00:00 Call 900 exp 2024-03-15: 500 @ 5 ($250K premium, Sweep, Ask)',
      url: '/optionsflow-ticker-overview?ticker=NVDA',
      tag: 'alert-r1abcd',
    });
  });

  it('shows the newest trade of a batch and counts the rest', () => {
    const p = composeAlertPush({
      ruleId: 'r1abcd',
      ruleName: 'x',
      trades: [nvda({ ticker: 'AMD' }), nvda({ ticker: 'BRK.B', cost_basis: 1500 })],
    });
    expect(p.body).toMatch(/^BRK\.B .*\$1\.50M premium.*\(\+1 more\)$/);
    expect(p.url).toBe('/optionsflow-ticker-overview?ticker=BRK.B');
  });
});
