import { describe, expect, it } from 'vitest';
import { DEMO_LIVE_SESSION_FROM } from '@tapewatch/functions/providers/demo/flow-universe';
import { resumeSecond, secondOfDay, SESSION_CLOSE_SEC, sessionSecond } from './flow-live.ts';

describe('demo live session clock', () => {
  it('starts where the packed day ends (noon) and advances with real time', () => {
    expect(DEMO_LIVE_SESSION_FROM).toBe('12:00:00');
    const start = resumeSecond(null);
    expect(start).toBe(12 * 3600);
    expect(sessionSecond(start, 1_000_000, 1_000_000)).toBe(43_200);
    expect(sessionSecond(start, 1_000_000, 1_000_999)).toBe(43_200);
    expect(sessionSecond(start, 1_000_000, 1_090_500)).toBe(43_290);
    // A clock that went backwards never moves the session back.
    expect(sessionSecond(start, 1_000_000, 999_000)).toBe(43_200);
  });

  it('closes at 16:00', () => {
    expect(SESSION_CLOSE_SEC).toBe(57_600);
    expect(sessionSecond(57_599, 0, 0)).toBe(57_599);
    expect(sessionSecond(57_599, 0, 1_000)).toBeNull();
  });

  it('a restarted player resumes after the newest trade already stored today', () => {
    expect(resumeSecond('11:59:59')).toBe(43_200);
    expect(resumeSecond('13:05:10')).toBe(secondOfDay('13:05:11'));
    expect(secondOfDay('13:05:11')).toBe(13 * 3600 + 5 * 60 + 11);
  });
});
