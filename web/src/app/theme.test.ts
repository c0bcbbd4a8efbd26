import { describe, expect, it } from 'vitest';
import { createAppTheme } from './theme.ts';

describe('the theme and reduced motion (the system setting "reduce motion")', () => {
  for (const mode of ['light', 'dark'] as const) {
    it(`${mode}: with reduced motion nothing moves: no transition, no duration, no ripple, no keyframe animation`, () => {
      const theme = createAppTheme(mode, true);
      expect(theme.transitions.create(['opacity', 'transform'])).toBe('none');
      expect(Object.values(theme.transitions.duration)).toEqual(Array(7).fill(0));
      expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
      expect(theme.components?.MuiCssBaseline?.styleOverrides).toMatchObject({
        '*, *::before, *::after': { animation: 'none !important', transition: 'none !important' },
      });
      // The palette is the same whatever the motion setting.
      const colours = (t: typeof theme) => JSON.stringify(t.palette);
      expect(colours(theme)).toBe(colours(createAppTheme(mode)));
      expect(theme.components?.MuiCard?.defaultProps?.elevation).toBe(0);
    });

    it(`${mode}: without it, MUI's own motion`, () => {
      const theme = createAppTheme(mode);
      expect(theme.transitions.create('opacity')).toMatch(/^opacity \d+ms/);
      expect(theme.transitions.duration.standard).toBeGreaterThan(0);
      expect(theme.components?.MuiButtonBase).toBeUndefined();
      expect(theme.components?.MuiCssBaseline).toBeUndefined();
    });
  }
});
