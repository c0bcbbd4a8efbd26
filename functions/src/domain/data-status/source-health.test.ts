import { describe, expect, it } from 'vitest';
import { type RunOutcome, sourceHealth } from './source-health.ts';

const run = (status: RunOutcome['status'], startedAt: string, error: string | null = null): RunOutcome => ({
  status,
  startedAt,
  endedAt: status === 'running' ? null : startedAt.replace(':00Z', ':30Z'),
  error,
});
const runsOf =
  (byJob: Record<string, RunOutcome[]>) =>
  (job: string): RunOutcome[] =>
    byJob[job] ?? [];

describe('a source health from its last runs (issue 35)', () => {
  it('is failing since the first failure after the last success, with the latest error, never ready', () => {
    const h = sourceHealth(
      'ready',
      ['darkpools'],
      runsOf({
        darkpools: [
          run('failed', '2026-11-27T23:00:00Z', 'finra: request failed at https://cdn.finra.org/x: fetch failed'),
          run('failed', '2026-11-26T23:00:00Z', 'finra: older error'),
          run('succeeded', '2026-11-25T23:00:00Z'),
          run('failed', '2026-11-24T23:00:00Z', 'finra: before the success'),
        ],
      }),
    );
    expect(h).toEqual({
      state: 'failing',
      since: '2026-11-26T23:00:00Z',
      error: 'finra: request failed at https://cdn.finra.org/x: fetch failed',
      lastSuccessAt: '2026-11-25T23:00:30Z',
    });
  });

  it('is failing since its first run when no run ever succeeded; a run in progress does not hide it', () => {
    const h = sourceHealth(
      'ready',
      ['vix'],
      runsOf({ vix: [run('running', '2026-11-28T01:00:00Z'), run('failed', '2026-11-27T21:30:00Z', 'cboe: down')] }),
    );
    expect(h).toMatchObject({
      state: 'failing',
      since: '2026-11-27T21:30:00Z',
      error: 'cboe: down',
      lastSuccessAt: null,
    });
  });

  it('is ready only after a successful last run; pending before any run finished', () => {
    expect(sourceHealth('ready', ['vix'], runsOf({})).state).toBe('pending');
    expect(sourceHealth('ready', ['vix'], runsOf({ vix: [run('running', '2026-11-28T01:00:00Z')] })).state).toBe(
      'pending',
    );
    const ok = sourceHealth(
      'ready',
      ['vix'],
      runsOf({ vix: [run('succeeded', '2026-11-27T21:30:00Z'), run('failed', '2026-11-26T21:30:00Z', 'x')] }),
    );
    expect(ok).toEqual({ state: 'ready', since: null, error: null, lastSuccessAt: '2026-11-27T21:30:30Z' });
  });

  it('of a source with two jobs: one failing job makes it failing, since the earlier streak, with the newest error', () => {
    const h = sourceHealth(
      'ready',
      ['flow-ingest', 'flow-live-poll'],
      runsOf({
        'flow-ingest': [run('failed', '2026-11-26T01:30:00Z', 'ingest error')],
        'flow-live-poll': [
          run('failed', '2026-11-27T15:00:00Z', 'poll error'),
          run('succeeded', '2026-11-27T14:59:00Z'),
        ],
      }),
    );
    expect(h).toMatchObject({ state: 'failing', since: '2026-11-26T01:30:00Z', error: 'poll error' });
  });

  it('says key missing (or demo, or not wired) whatever the runs say', () => {
    const failed = runsOf({ prices: [run('failed', '2026-11-27T21:15:00Z', 'polygon: 401')] });
    expect(sourceHealth('missing_key', ['prices'], failed)).toMatchObject({ state: 'missing_key', since: null });
    expect(sourceHealth('demo', ['prices'], failed).state).toBe('demo');
    expect(sourceHealth('no_live_adapter', ['prices'], failed).state).toBe('no_live_adapter');
  });
});
