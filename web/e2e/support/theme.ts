import { expect, type Page } from '@playwright/test';
import { settleAnimations } from './animations.ts';

export type Theme = 'light' | 'dark';

/** Every load of the page starts in `theme` (the app's stored colour mode); dispose the result to stop. */
export function startIn(page: Page, theme: Theme) {
  return page.addInitScript((t) => localStorage.setItem('tapewatch_color_mode', t), theme);
}

/**
 * Switches the open page to `to` with the navbar's toggle, as a user does, and waits for the theme's colour
 * transition to end (a screenshot or a contrast check of a mid-way frame would judge colours nobody sees). One
 * load then serves both themes: a second load of the same screen costs seconds and proves nothing more.
 */
export async function switchTheme(page: Page, to: Theme): Promise<void> {
  await page.getByRole('button', { name: `Switch to ${to} mode` }).click();
  await expect(page.getByRole('button', { name: `Switch to ${to === 'dark' ? 'light' : 'dark'} mode` })).toBeVisible();
  await settleAnimations(page);
}
