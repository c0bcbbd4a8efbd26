import { describe, expect, it } from 'vitest';
import { judgeQuota, quotaFor, quotaWindows, rateLimitHeaders } from './quota.ts';

const now = new Date('2026-03-02T14:30:15Z');
const windows = quotaWindows(now);

describe('key quotas', () => {
  it('free and unknown plans get 60/min and 5,000/day; basic 300/min and 100,000/day', () => {
    expect(quotaFor('free')).toEqual({ perMinute: 60, perDay: 5000 });
    expect(quotaFor('')).toEqual({ perMinute: 60, perDay: 5000 });
    expect(quotaFor('Basic')).toEqual({ perMinute: 300, perDay: 100_000 });
  });

  it('windows are the epoch minute and the UTC day', () => {
    expect(windows.minute).toEqual({
      id: `M#${Date.parse('2026-03-02T14:30:00Z') / 1000}`,
      endsAt: Date.parse('2026-03-02T14:31:00Z') / 1000,
    });
    expect(windows.day).toEqual({ id: 'D#2026-03-02', endsAt: Date.parse('2026-03-03T00:00:00Z') / 1000 });
  });

  it('allows up to and including the limit, then refuses with the wait until the window ends', () => {
    const q = { perMinute: 3, perDay: 1000 };
    expect(judgeQuota(q, { minute: 3, day: 3 }, windows, now)).toMatchObject({
      allowed: true,
      remaining: 0,
      window: 'minute',
    });
    expect(judgeQuota(q, { minute: 4, day: 4 }, windows, now)).toMatchObject({
      allowed: false,
      remaining: 0,
      limit: 3,
      resetSeconds: 45,
    });
  });

  it('reports the window closer to running out, and the day when the day is spent', () => {
    const q = { perMinute: 60, perDay: 100 };
    expect(judgeQuota(q, { minute: 1, day: 90 }, windows, now)).toMatchObject({
      window: 'day',
      remaining: 10,
      limit: 100,
    });
    expect(judgeQuota(q, { minute: 70, day: 101 }, windows, now)).toMatchObject({ allowed: false, window: 'day' });
  });

  it('writes the IETF draft headers', () => {
    const v = judgeQuota({ perMinute: 60, perDay: 5000 }, { minute: 10, day: 10 }, windows, now);
    expect(rateLimitHeaders(v)).toEqual({
      'ratelimit-limit': '60',
      'ratelimit-remaining': '50',
      'ratelimit-reset': '45',
      'ratelimit-policy': '60;w=60, 5000;w=86400',
    });
  });
});
