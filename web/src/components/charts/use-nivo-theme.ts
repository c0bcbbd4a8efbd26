import { useMemo } from 'react';
import { useTheme } from '@mui/material/styles';
import type { BarDatum, BarSvgProps } from '@nivo/bar';

export type NivoTheme = NonNullable<BarSvgProps<BarDatum>['theme']>;

/** nivo's default theme is light-only; derive axes, grid and tooltips from the MUI palette. */
export function useNivoTheme(): NivoTheme {
  const theme = useTheme();
  return useMemo(() => {
    const { text, divider, background } = theme.palette;
    const font = { fontFamily: theme.typography.fontFamily ?? 'sans-serif', fontSize: 11, fill: text.secondary };
    return {
      background: 'transparent',
      text: font,
      axis: {
        domain: { line: { stroke: divider, strokeWidth: 1 } },
        ticks: { line: { stroke: divider }, text: font },
        legend: { text: { ...font, fill: text.primary, fontSize: 12 } },
      },
      grid: { line: { stroke: divider, strokeWidth: 1 } },
      legends: { text: { ...font, fill: text.primary } },
      labels: { text: { ...font, fontSize: 11 } },
      crosshair: { line: { stroke: text.primary, strokeOpacity: 0.5 } },
      tooltip: {
        container: {
          background: background.paper,
          color: text.primary,
          fontSize: 12,
          borderRadius: 4,
          boxShadow: theme.shadows[4],
        },
      },
    };
  }, [theme]);
}

/** Gains green, losses red, in both themes, and a label colour that reads on both. */
export function useGainLossColors(): { gain: string; loss: string; label: string } {
  const { palette } = useTheme();
  return {
    gain: palette.success.main,
    loss: palette.error.main,
    // Dark mode uses lighter bar colours, on which dark text reads better than white.
    label: palette.mode === 'dark' ? '#0d1117' : '#ffffff',
  };
}
