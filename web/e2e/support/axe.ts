import type { Page } from '@playwright/test';
import axe from 'axe-core';

type Violation = axe.Result;

/**
 * axe's serious and critical violations on the page as it is now (every rule axe runs by default).
 * axe runs in the page itself (as @axe-core/playwright's legacy mode did: its default mode finishes each run in a
 * new blank page, 3-4x slower, for cross-origin frames the app does not have), and goes into each document once:
 * the wrapper evaluated axe's whole unminified source twice per check, so a page judged in both themes parsed it
 * four times. Only violations are collected: passes are never read.
 */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  // The functions below run in the page (serialised): they cannot share a helper.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const inPage = (window as unknown as { axe: typeof axe }).axe;
    return (await inPage.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
