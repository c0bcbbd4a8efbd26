import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { createAppTheme } from '../../app/theme.ts';
import { putCallTextColor } from './put-call-color.ts';

/** `rgba(r, g, b, a)` laid over an opaque `#rrggbb`, as the browser paints the row marker on the paper. */
function over(rgba: string, hex: string): string {
  const [r, g, b, a] = rgba.match(/[\d.]+/g)!.map(Number) as [number, number, number, number];
  const base = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const mix = [r, g, b].map((c, i) => Math.round(c * a + base[i]! * (1 - a)));
  return `rgb(${mix.join(', ')})`;
}

describe('C/P cell colours keep AA contrast (4.5:1), as axe checks them in every-route', () => {
  for (const mode of ['light', 'dark'] as const) {
    const theme = createAppTheme(mode);
    const paper = theme.palette.background.paper;
    const marker = over(theme.palette.action.selected, paper);
    for (const side of ['Call', 'Put'] as const) {
      it(`${side} in ${mode} mode, on the paper and on the newest-row marker`, () => {
        const color = putCallTextColor(theme, side);
        expect(getContrastRatio(color, paper)).toBeGreaterThanOrEqual(4.5);
        expect(getContrastRatio(color, marker)).toBeGreaterThanOrEqual(4.5);
      });
    }
  }

  it("the dark theme's own green and red would not do on the marker (why dark mode has its own shades)", () => {
    const theme = createAppTheme('dark');
    const marker = over(theme.palette.action.selected, theme.palette.background.paper);
    expect(getContrastRatio(theme.palette.success.main, marker)).toBeLessThan(4.5);
    expect(getContrastRatio(theme.palette.error.main, marker)).toBeLessThan(4.5);
  });
});
