import { describe, expect, it } from 'vitest';
import { ALERT_LIMITS } from '@tapewatch/shared/alerts/limits';
import { trade } from '../flow/test-trade.ts';
import { composeAlertEmail, emptyMailState, flushDue, onMatches, underDailyCap } from './email-throttle.ts';

const WINDOW = ALERT_LIMITS.emailThrottleMs;

describe('alert email throttle', () => {
  it('sends the first match at once, then folds matches inside 5 minutes into the next email', () => {
    const t0 = 1_000_000;
    const first = onMatches(emptyMailState(), [trade({})], t0);
    expect(first.send?.total).toBe(1);
    const second = onMatches(first.next, [trade({}), trade({})], t0 + 60_000);
    expect(second.send).toBeNull();
    expect(second.next.pendingCount).toBe(2);
    const third = onMatches(second.next, [trade({})], t0 + WINDOW);
    expect(third.send?.total).toBe(3);
    expect(third.send?.trades).toHaveLength(3);
    expect(third.next).toEqual({ lastSentAt: t0 + WINDOW, pending: [], pendingCount: 0 });
  });

  it('the digest job sends what waits once the window has passed, not before', () => {
    const t0 = 5_000_000;
    const sent = onMatches(emptyMailState(), [trade({})], t0);
    const waiting = onMatches(sent.next, [trade({})], t0 + 1000).next;
    expect(flushDue(waiting, t0 + WINDOW - 1).send).toBeNull();
    const flushed = flushDue(waiting, t0 + WINDOW);
    expect(flushed.send?.total).toBe(1);
    expect(flushed.next.pendingCount).toBe(0);
    expect(flushDue(flushed.next, t0 + 10 * WINDOW).send).toBeNull();
  });

  it('keeps at most digestTrades trades but counts them all', () => {
    const many = Array.from({ length: ALERT_LIMITS.digestTrades + 15 }, () => trade({}));
    const { next } = onMatches({ lastSentAt: 0, pending: [], pendingCount: 0 }, many, 1);
    expect(next.pending).toHaveLength(ALERT_LIMITS.digestTrades);
    expect(next.pendingCount).toBe(ALERT_LIMITS.digestTrades + 15);
  });

  it('a rule that matches everything only ever sends digests', () => {
    const d = onMatches(emptyMailState(), [trade({})], 10, true);
    expect(d.send).toBeNull();
    expect(flushDue(d.next, 10).send?.total).toBe(1);
  });

  it('caps the emails a user gets per day', () => {
    expect(underDailyCap(ALERT_LIMITS.dailyEmails - 1)).toBe(true);
    expect(underDailyCap(ALERT_LIMITS.dailyEmails)).toBe(false);
  });

  it('writes one trade as a single alert and several as a digest, both with the pause link', () => {
    const one = composeAlertEmail({
      ruleName: 'Big SPY',
      trades: [trade({ ticker: 'SPY', cost_basis: 250 })],
      total: 1,
      pauseUrl: 'https://x/alerts/pause/tok',
      alertsUrl: 'https://x/alerts',
    });
    expect(one.subject).toBe('Flow alert "Big SPY": SPY Call $250K');
    expect(one.text).toContain('https://x/alerts/pause/tok');
    const digest = composeAlertEmail({
      ruleName: 'Big SPY',
      trades: [trade({}), trade({})],
      total: 7,
      pauseUrl: 'https://x/alerts/pause/tok',
      alertsUrl: 'https://x/alerts',
    });
    expect(digest.subject).toBe('Flow alert "Big SPY": 7 trades matched');
    expect(digest.text).toContain('...and 5 more');
  });
});
