import { describe, expect, it } from 'vitest';
import { appRoutes } from './routes.tsx';
import { SCREENS, screenUrl } from './screens.ts';

// The registry names modules by string: prove each one exists and exports its page component, and
// that no page module is left out of it (a page nobody routes to).
const pageModules = import.meta.glob<Record<string, unknown>>('../features/*/*-page.tsx');

describe('screen registry', () => {
  it('lists every page module once', () => {
    expect(SCREENS.map((s) => `../features/${s.page}`).sort()).toEqual(Object.keys(pageModules).sort());
  });

  it.each(SCREENS.map((s) => [s.component, s] as const))(
    '%s is exported by its page module',
    async (_name, screen) => {
      const module = await pageModules[`../features/${screen.page}`]!();
      expect(typeof module[screen.component]).toBe('function');
    },
    30_000,
  );

  it('routes every path of every screen, and no path twice', () => {
    const routed = (appRoutes[0]?.children ?? []).map((r) => (r.index ? '' : r.path!.toLowerCase()));
    const paths = SCREENS.flatMap((s) => s.paths.map((p) => p.toLowerCase()));
    for (const p of paths) expect(routed).toContain(p);
    expect(new Set(routed).size).toBe(routed.length);
  });

  it('opens a screen at its first path', () => {
    expect(SCREENS.map(screenUrl)).toContain('/');
    expect(SCREENS.map(screenUrl)).toContain('/optionsflowcumulativestats');
  });
});
