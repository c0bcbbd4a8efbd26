import { describe, expect, it } from 'vitest';
import { startedEarly } from './started-early.ts';

/** Lets the event loop turn, so Node would report a rejection that has no handler yet. */
const nextTurn = () => new Promise((r) => setTimeout(r, 0));

describe('startedEarly', () => {
  it('a rejection before its await is not unhandled, and the await still throws it', async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      const early = startedEarly(Promise.reject(new Error('fast 404')));
      await nextTurn();
      await expect(early).rejects.toThrow('fast 404');
      startedEarly(
        (async () => {
          throw new Error('nobody awaits this');
        })(),
      );
      await nextTurn();
    } finally {
      process.off('unhandledRejection', record);
    }
    expect(unhandled).toEqual([]);
  });

  it('passes a value through unchanged', async () => {
    await expect(startedEarly(Promise.resolve(42))).resolves.toBe(42);
  });
});
