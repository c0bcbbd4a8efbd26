import { createTheme, type Theme } from '@mui/material/styles';

export type ColorMode = 'light' | 'dark';

export const SIDEBAR_WIDTH = { collapsed: 64, expanded: 240 } as const;

export function createAppTheme(mode: ColorMode): Theme {
  const dark = mode === 'dark';
  return createTheme({
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
    },
  });
}
