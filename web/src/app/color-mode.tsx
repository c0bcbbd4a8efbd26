import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { REDUCED_MOTION } from '../lib/motion.ts';
import { createAppTheme, type ColorMode } from './theme.ts';

export const COLOR_MODE_STORAGE_KEY = 'tapewatch_color_mode';

interface ColorModeContextValue {
  mode: ColorMode;
  toggle: () => void;
}

const ColorModeContext = createContext<ColorModeContextValue>({ mode: 'light', toggle: () => {} });

function readStoredMode(): ColorMode | null {
  try {
    const stored = window.localStorage.getItem(COLOR_MODE_STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : null;
  } catch {
    return null;
  }
}

/** Follows the system preference until the user picks a mode; the choice is remembered. */
export function ColorModeProvider({ children }: { children: ReactNode }) {
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const reducedMotion = useMediaQuery(REDUCED_MOTION, { noSsr: true });
  const [chosen, setChosen] = useState<ColorMode | null>(readStoredMode);
  const mode: ColorMode = chosen ?? (prefersDark ? 'dark' : 'light');

  const toggle = useCallback(() => {
    const next: ColorMode = mode === 'dark' ? 'light' : 'dark';
    setChosen(next);
    try {
      window.localStorage.setItem(COLOR_MODE_STORAGE_KEY, next);
    } catch {
      // Storage blocked: the choice lasts for this page view only.
    }
  }, [mode]);

  const theme = useMemo(() => createAppTheme(mode, reducedMotion), [mode, reducedMotion]);
  const value = useMemo(() => ({ mode, toggle }), [mode, toggle]);
  return (
    <ColorModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </ColorModeContext.Provider>
  );
}

export function useColorMode(): ColorModeContextValue {
  return useContext(ColorModeContext);
}
