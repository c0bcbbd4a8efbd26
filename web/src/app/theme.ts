import { createTheme, type Theme } from '@mui/material/styles';

export type ColorMode = 'light' | 'dark';

export const SIDEBAR_WIDTH = { collapsed: 64, expanded: 240 } as const;

/**
 * With `reducedMotion` (the system's "reduce motion" setting), nothing moves: no transitions, no ripples, no
 * keyframe animations (the loading spinner stands still and says "Loading"). Beyond the users who ask for it, a
 * page that moves costs a frame on every display refresh: in headless Chromium a spinning loader used a quarter of a
 * core, and the end-to-end suite runs as such a user (web/e2e/playwright.config.ts).
 */
export function createAppTheme(mode: ColorMode, reducedMotion = false): Theme {
  const dark = mode === 'dark';
  const still = reducedMotion ? STILL : undefined;
  return createTheme({
    ...still,
    palette: {
      mode,
      primary: { main: dark ? '#64b5f6' : '#1565c0' },
      secondary: { main: dark ? '#ffb74d' : '#ef6c00' },
      success: { main: dark ? '#66bb6a' : '#2e7d32' },
      error: { main: dark ? '#ef5350' : '#c62828' },
      background: dark ? { default: '#0d1117', paper: '#161b22' } : { default: '#f5f7fa', paper: '#ffffff' },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      h1: { fontSize: '1.75rem', fontWeight: 600 },
    },
    components: {
      MuiAppBar: { defaultProps: { elevation: 0 } },
      MuiCard: { defaultProps: { elevation: 0 } },
      ...still?.components,
    },
  });
}

const NO_DURATION = { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 };

/** The theme's part for reduced motion: MUI's transitions take no time, and CSS animations do not run. */
const STILL = {
  transitions: { create: () => 'none', duration: NO_DURATION },
  components: {
    MuiButtonBase: { defaultProps: { disableRipple: true } },
    MuiCssBaseline: {
      styleOverrides: {
        '*, *::before, *::after': { animation: 'none !important', transition: 'none !important' },
        html: { scrollBehavior: 'auto' },
      },
    },
  },
} as const;
