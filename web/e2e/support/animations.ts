import type { Page } from '@playwright/test';

/**
 * Waits (at most 3 s) for the page's finite animations to end: a row's highlight, a card sliding in or a theme's
 * colour transition is mid-way for a frame or two, and a screenshot or axe's contrast check would read that frame.
 * A spinner never ends, so infinite animations are not waited for.
 */
export function settleAnimations(page: Page): Promise<unknown> {
  return page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]),
  );
}
