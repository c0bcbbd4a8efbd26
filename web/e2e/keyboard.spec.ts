import { expect, test, type Page } from '@playwright/test';
import { E2E_PASSWORD, openAs, signupAndLogin } from './support/users.ts';

/**
 * Issue 13 item 6: the forms, the sidebar and the tables work from the keyboard alone, and the
 * focused control always shows where the focus is.
 */

/** Tabs forward until the focused element matches, at most `max` presses; returns whether it got there. */
async function tabTo(
  page: Page,
  matches: (el: { tag: string; name: string; role: string | null }) => boolean,
  max = 60,
): Promise<boolean> {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    const el = await page.evaluate(() => {
      const a = document.activeElement as HTMLElement | null;
      return {
        tag: a?.tagName ?? '',
        name: (a?.getAttribute('aria-label') ?? a?.textContent ?? '').trim(),
        role: a?.getAttribute('role') ?? null,
      };
    });
    if (matches(el)) return true;
  }
  return false;
}

/** The focused element draws a focus indicator: an outline or a box shadow (MUI's focus ring). */
async function focusIsVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    if (!a || a === document.body) return false;
    const own = getComputedStyle(a);
    if ((own.outlineStyle !== 'none' && parseFloat(own.outlineWidth) > 0) || own.boxShadow !== 'none') return true;
    // MUI draws the ring on a pseudo-element or a ripple child of the focus-visible element.
    if (a.classList.contains('Mui-focusVisible')) return true;
    const after = getComputedStyle(a, '::after');
    return after.outlineStyle !== 'none' && parseFloat(after.outlineWidth) > 0;
  });
}

test.describe('keyboard', () => {
  // Up to 120 Tab presses, each with a read of the focused element: 30 s was exceeded on a loaded 2-core runner.
  test.setTimeout(60_000);

  test('the sidebar: Tab reaches a screen link with a visible focus, Enter opens the screen', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openAs(page, null, '/Sectorperformance');
    await expect(page.getByRole('heading', { name: 'Sector Performance', level: 1 })).toBeVisible({ timeout: 20_000 });
    expect(await tabTo(page, (el) => /^Short Interest$/.test(el.name))).toBe(true);
    expect(await focusIsVisible(page)).toBe(true);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/shortinterest$/);
    await expect(page.getByRole('heading', { name: 'Short Interest', level: 1 })).toBeVisible({ timeout: 20_000 });
  });

  test('a table: a column header sorts with Enter, and a row opens with Enter', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openAs(page, null, '/shortinterest');
    const table = page.getByRole('table').first();
    await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 20_000 });
    const header = table.getByRole('columnheader', { name: /^Ticker/ });
    const before = await header.getAttribute('aria-sort');
    expect(await tabTo(page, (el) => /^Ticker/.test(el.name) && el.tag === 'SPAN', 120)).toBe(true);
    expect(await focusIsVisible(page)).toBe(true);
    await page.keyboard.press('Enter');
    await expect(header).not.toHaveAttribute('aria-sort', before ?? 'none');
    const first = (await table.locator('tbody tr').first().locator('td, th').first().innerText()).trim();
    // Rows are links to the ticker: the first row is the next stop after the headers' controls.
    expect(await tabTo(page, (el) => el.tag === 'TR' && el.name.startsWith(first), 40)).toBe(true);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/shortinterest/${first}$`));
  });

  test('the login form: opened, filled and sent from the keyboard; Escape closes a form', async ({ page, request }) => {
    const id = `kbd_${Date.now().toString(36)}`;
    await signupAndLogin(request, id);
    await page.setViewportSize({ width: 1440, height: 900 });
    await openAs(page, null, '/Sectorperformance');
    await expect(page.getByRole('heading', { name: 'Sector Performance', level: 1 })).toBeVisible({ timeout: 20_000 });
    expect(await tabTo(page, (el) => el.tag === 'BUTTON' && el.name === 'Login')).toBe(true);
    expect(await focusIsVisible(page)).toBe(true);
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: 'Login' });
    await expect(form).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();
    await page.keyboard.press('Enter'); // focus went back to the Login button
    await expect(form).toBeVisible();
    const field = form.getByLabel('Email or username');
    await expect(field).toBeFocused();
    await page.keyboard.type(id);
    await page.keyboard.press('Tab');
    await expect(form.getByLabel('Password')).toBeFocused();
    await page.keyboard.type(E2E_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog').getByText('You have successfully logged in.')).toBeVisible({
      timeout: 15_000,
    });
  });
});
