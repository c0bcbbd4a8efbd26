import type { Page } from '@playwright/test';
import axe from 'axe-core';

/**
 * The rules whose outcome depends on colours alone: a theme switch changes nothing else on the page, so a page judged
 * in full in one theme is judged in the other by these (about half of axe's time on a page: its contrast checks).
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const;

type Violation = axe.Result;

/**
 * axe's serious and critical violations on the page as it is now (every rule axe runs by default).
 * axe runs in the page itself (as @axe-core/playwright's legacy mode did: its default mode finishes each run in a
 * new blank page, 3-4x slower, for cross-origin frames the app does not have), and goes into each document once:
 * the wrapper evaluated axe's whole unminified source twice per check, so a page judged in both themes parsed it
 * four times. Only violations are collected: passes are never read. `rules`, when given, runs only those rules.
 */
export async function seriousViolations(page: Page, rules?: readonly string[]): Promise<Violation[]> {
  // The functions below run in the page (serialised): they cannot share a helper.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async (only) => {
    const inPage = (window as unknown as { axe: typeof axe }).axe;
    const runOnly = only ? { runOnly: { type: 'rule' as const, values: [...only] } } : {};
    return (await inPage.run(document, { resultTypes: ['violations'], ...runOnly })).violations;
  }, rules);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
