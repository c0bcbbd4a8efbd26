import type { Page } from '@playwright/test';
import axe from 'axe-core';

/**
 * The rules whose outcome depends on colours alone: a theme switch changes nothing else on the page, so a page judged
 * in full in one theme is judged in the other by these (about half of axe's time on a page: its contrast checks).
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const;

type Violation = axe.Result;

/**
 * The rules that can only report minor or moderate findings: axe gives every finding of a rule that rule's own impact
 * (axe-core 4.13, finalizeRuleResult), and the check keeps serious and critical ones, so running these changes no
 * outcome. They are turned off for their time (region and the landmark rules walk the whole page). Read from axe's rule
 * table, which has no public accessor: a version without it fails here rather than checking less.
 */
const BELOW_SERIOUS: readonly string[] = (() => {
  const rules = (axe as unknown as { _audit?: { rules?: { id: string; impact?: string }[] } })._audit?.rules;
  if (!rules?.length || rules.some((r) => r.impact === undefined))
    throw new Error('axe-core no longer lists each rule with its impact: review BELOW_SERIOUS in support/axe.ts');
  return rules.filter((r) => r.impact === 'minor' || r.impact === 'moderate').map((r) => r.id);
})();

/**
 * axe's serious and critical violations on the page as it is now (every default rule that can find one).
 * axe runs in the page itself (as @axe-core/playwright's legacy mode did: its default mode finishes each run in a
 * new blank page, 3-4x slower, for cross-origin frames the app does not have), and goes into each document once:
 * the wrapper evaluated axe's whole unminified source twice per check, so a page judged in both themes parsed it
 * four times. Only violations are collected: passes are never read. `rules`, when given, runs only those rules;
 * otherwise every default rule runs but those below serious (BELOW_SERIOUS).
 */
export async function seriousViolations(page: Page, rules?: readonly string[]): Promise<Violation[]> {
  // The functions below run in the page (serialised): they cannot share a helper.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    async (only) => {
      const inPage = (window as unknown as { axe: typeof axe }).axe;
      const select = only.rules
        ? { runOnly: { type: 'rule' as const, values: [...only.rules] } }
        : { rules: Object.fromEntries(only.off.map((id) => [id, { enabled: false }])) };
      return (await inPage.run(document, { resultTypes: ['violations'], ...select })).violations;
    },
    { rules, off: BELOW_SERIOUS },
  );
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
