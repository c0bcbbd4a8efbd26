import { expect, type Page } from '@playwright/test';

/**
 * Opens `path` with the screen's data request (matching `apiGlob`) held back, so the full-page
 * loader stays up; checks that Escape dismisses it, then lets the request through.
 */
export async function expectEscapeDismissesLoader(page: Page, apiGlob: string, path: string): Promise<void> {
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  let requested: () => void = () => {};
  const dataRequested = new Promise<void>((r) => (requested = r));
  await page.route(apiGlob, async (route) => {
    requested();
    await held;
    await route.continue();
  });
  await page.goto(path);
  // Wait for the screen's own data request: before it, the overlay on screen is the one shown
  // while the lazy route chunk downloads, which the screen's loader then replaces.
  await dataRequested;
  const overlay = page.getByTestId('loading-overlay');
  await expect(overlay).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(overlay).toBeHidden();
  release();
}
