import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderApp } from '../test/render-app.tsx';
import { COLOR_MODE_STORAGE_KEY } from './color-mode.tsx';
import { NAV_ITEMS, navLinks } from './nav-config.ts';
import { appRoutes } from './routes.tsx';
import { demoBadgeText } from './shell/demo-badge.tsx';

const demoInfo = { data_mode: 'demo', as_of: '2024-03-08', options_flow: 'simulated', version: '1.0.0' };

describe('app shell', () => {
  beforeEach(() => {
    window.innerWidth = 1440;
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    window.innerWidth = 1024;
  });

  it("shows 'Page Not Found' for unknown paths inside the shell", async () => {
    mockApi({ '/api/get_app_info': [200, demoInfo] });
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Tapewatch' })).toBeTruthy();
  });

  it('shows the landing page at / (spec route table), without redirecting', async () => {
    mockApi({ '/api/get_app_info': [200, demoInfo] });
    const { location } = renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Real-time option flow data' }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(location.pathname).toBe('/');
  });

  it('shows the demo badge only in demo mode', async () => {
    mockApi({ '/api/get_app_info': [200, demoInfo] });
    const { unmount } = renderApp('/nowhere');
    expect((await screen.findByTestId('demo-badge')).textContent).toBe(
      'Demo data as of 2024-03-08 — options flow, option chains, short interest and FINRA short volume simulated',
    );
    unmount();
    mockApi({ '/api/get_app_info': [200, { ...demoInfo, data_mode: 'live', options_flow: 'live' }] });
    renderApp('/nowhere');
    await screen.findByRole('heading', { name: 'Page Not Found' });
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('demo-badge')).toBeNull();
    expect(demoBadgeText('2024-03-08', false)).toBe('Demo data as of 2024-03-08');
  });

  it('has sidebar links only to existing screens, and footer links', async () => {
    mockApi({ '/api/get_app_info': [200, demoInfo] });
    renderApp('/nowhere');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(navLinks(NAV_ITEMS).map((i) => i.path));
    // Every entry is a screen of the route table (not the 'Page Not Found' fallback).
    const screens = (appRoutes[0]?.children ?? [])
      .map((r) => r.path?.split('/')[0]?.toLowerCase())
      .filter((p) => p && p !== '*');
    for (const href of hrefs) expect(screens).toContain(href!.slice(1).toLowerCase());
    const legal = screen.getByRole('navigation', { name: 'Legal' });
    expect(within(legal).getByRole('link', { name: 'Privacy' }).getAttribute('href')).toBe('/privacy');
    expect(within(legal).getByRole('link', { name: 'Terms of Use' }).getAttribute('href')).toBe('/terms');
    expect(within(legal).getByRole('link', { name: 'support@tapewatch.app' }).getAttribute('href')).toBe(
      'mailto:support@tapewatch.app',
    );
  });

  it('toggles and remembers the colour mode, and pins the sidebar', async () => {
    const user = userEvent.setup();
    mockApi({ '/api/get_app_info': [200, demoInfo] });
    renderApp('/nowhere');
    await user.click(await screen.findByRole('button', { name: 'Switch to dark mode' }));
    expect(window.localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBe('dark');
    expect(screen.getByRole('button', { name: 'Switch to light mode' })).toBeTruthy();
    const pin = screen.getByRole('button', { name: 'Pin sidebar' });
    expect(pin.getAttribute('aria-pressed')).toBe('false');
    await user.click(pin);
    expect(screen.getByRole('button', { name: 'Pin sidebar' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('uses a drawer behind a menu button on narrow screens', async () => {
    window.innerWidth = 375;
    const user = userEvent.setup();
    mockApi({ '/api/get_app_info': [200, demoInfo] });
    renderApp('/nowhere');
    await user.click(await screen.findByRole('button', { name: 'Open navigation menu' }));
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Sector Performance' })).toBeTruthy();
  });
});
