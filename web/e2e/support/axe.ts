import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/**
 * axe's serious and critical violations on the page as it is now (every rule axe runs by default).
 * Legacy mode runs axe in the page itself: the default mode finishes each run in a new blank page, which
 * made a check 3-4x slower (measured 43 s vs 14 s on Sector Performance under load) and the app has no
 * cross-origin frames that would need it. Only violations are collected: passes are never read.
 */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
