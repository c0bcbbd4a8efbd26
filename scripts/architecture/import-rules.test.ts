import { describe, expect, it } from 'vitest';
import { readRepoGraph, REPO_ROOT } from './import-graph.ts';
import { type AllowedViolation, compareWithAllowlist, countByRule, findViolations } from './rules.ts';

/**
 * Violations that were there when the test was written (issue 22 item 7). One entry per edge; each says
 * why it is still there. The test fails when one of them disappears: delete the entry, the list only shrinks.
 */
const ALLOWLIST: readonly AllowedViolation[] = [
  {
    rule: 'http -> jobs',
    key: 'functions/src/http/factors/get-factor-analysis-data.ts -> functions/src/jobs/signals-inputs.ts',
    why: 'toBars/toDarkPoolPosition are domain logic still in jobs/; issue 22 item 6 moves signals-inputs into the domain',
  },
  {
    rule: 'http -> jobs',
    key: 'functions/src/http/meta/get-data-status.ts -> functions/src/jobs/schedules.ts',
    why: 'the schedule table lives in jobs/ and is imported by infra, scripts and 7 infra tests; moving it is its own change',
  },
  {
    rule: 'jobs -> providers/demo',
    key: 'functions/src/jobs/flow-live-poll.ts -> functions/src/providers/demo/flow-simulator.ts',
    why: 'demo mode plays the simulated session (hhmmss here, the source via jobs/flow-universe); the demo source belongs in providers/demo',
  },
  {
    rule: 'jobs -> providers/demo',
    key: 'functions/src/jobs/flow-universe.ts -> functions/src/providers/demo/demo-provider.ts',
    why: 'the demo options-activity source (demoFlowSource) is built in jobs/; it belongs in providers/demo',
  },
  {
    rule: 'jobs -> providers/demo',
    key: 'functions/src/jobs/flow-universe.ts -> functions/src/providers/demo/flow-simulator.ts',
    why: 'as above: the demo universe is built from the simulator inside the job',
  },
  {
    rule: 'jobs -> providers/demo',
    key: 'functions/src/jobs/flow-universe.ts -> functions/src/providers/demo/flow-simulator-universe.ts',
    why: 'as above: the demo universe is built from the simulator inside the job',
  },
  {
    rule: 'jobs -> providers/demo',
    key: 'functions/src/jobs/market-provider.ts -> functions/src/providers/demo/demo-provider.ts',
    why: 'the job-side provider switch constructs the demo provider; belongs next to providers/select-provider',
  },
  {
    rule: 'data -> domain',
    key: 'functions/src/data/flow-search.ts -> functions/src/domain/flow/trade.ts',
    why: 'the search read model sorts with the domain comparator compareNewestFirst; the ordering has no lower home yet',
  },
  {
    rule: 'data -> domain',
    key: 'functions/src/data/flow-summaries.ts -> functions/src/domain/flow/day-summary.ts',
    why: 'the read model summarises stored trades on read (summarizeDay); needs the summaries stored by the job or the summary moved',
  },
  {
    rule: 'data -> domain',
    key: 'functions/src/data/flow-summary-repository.ts -> functions/src/domain/flow/day-summary.ts',
    why: 'type only (DaySummary), stored as is; moves with the summary read model above',
  },
  {
    rule: 'domain -> providers',
    key: 'functions/src/domain/flow/trade.ts -> functions/src/providers/benzinga/options-activity.ts',
    why: 'type only: the trade mapper takes the Benzinga wire record; issue 22 item 6 moves the mapping to the provider',
  },
  {
    rule: 'domain -> providers',
    key: 'functions/src/domain/sp500/shiller.ts -> functions/src/providers/parse-report.ts',
    why: 'the Shiller parser uses the provider parse report; moving parse-report to lib/ touches its 15 provider importers',
  },
  {
    rule: 'feature -> other feature',
    key: 'web/src/features/landing/components/landing-hero.tsx -> web/src/features/account/forms-store.ts',
    why: 'the landing page opens the account forms; the forms store (also used by the app shell) needs a shared home',
  },
  {
    rule: 'feature -> other feature',
    key: 'web/src/features/landing/components/plan-cards.tsx -> web/src/features/account/forms-store.ts',
    why: 'as above: opens the signup form with a plan',
  },
  {
    rule: 'feature -> other feature',
    key: 'web/src/features/landing/promo-page.tsx -> web/src/features/account/forms-store.ts',
    why: 'as above: opens the signup form',
  },
  {
    rule: 'feature -> other feature',
    key: 'web/src/features/subscription/subscription-page.tsx -> web/src/features/account/forms-store.ts',
    why: 'as above: opens the signup form',
  },
];

describe('import rules (issue 22 item 7)', () => {
  const violations = findViolations(readRepoGraph(REPO_ROOT));

  it('adds no violation and keeps no stale allowlist entry', () => {
    // The counts are the graph's health at a glance (and the numbers issue notes report).
    console.info('architecture violations per rule:', countByRule(violations));
    const { added, gone } = compareWithAllowlist(violations, ALLOWLIST);
    expect(added, 'new violations (importer -> imported): move the code to a layer both sides may import').toEqual([]);
    expect(gone, 'fixed violations still on the allowlist: delete their entries').toEqual([]);
  });

  it('allowlists each edge once', () => {
    const lines = ALLOWLIST.map((a) => `${a.rule}: ${a.key}`);
    expect(lines.filter((l, i) => lines.indexOf(l) !== i)).toEqual([]);
  });
});
