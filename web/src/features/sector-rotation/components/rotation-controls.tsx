import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import {
  FACTOR_LABELS,
  ROTATION_FACTORS,
  ROTATION_LOOKBACKS,
  type RotationFactor,
  type RotationIndex,
  type RotationLookback,
} from '@tapewatch/shared/params/sector-rotation';
import type { RotationParams } from '../api/get-sector-rotation-data.ts';
import { COLOR_MODES, type ColorMode } from '../utils/reshape.ts';

const INDEX_LABELS: Record<RotationIndex, string> = { sp500: 'S&P 500', nasdaq100: 'NASDAQ 100' };

interface RotationControlsProps {
  params: RotationParams;
  color: ColorMode;
  onParams: (p: RotationParams) => void;
  onColor: (c: ColorMode) => void;
}

// Native selects: small, keyboard- and phone-friendly, and TextField is already in the bundle.
const selectProps = { select: { native: true } } as const;
const fieldSx = { minWidth: { xs: 'calc(50% - 8px)', sm: 180 } } as const;

export function RotationControls({ params, color, onParams, onColor }: RotationControlsProps) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }} role="group" aria-label="Sector rotation settings">
      <TextField
        select
        size="small"
        label="Index"
        value={params.index}
        slotProps={selectProps}
        sx={fieldSx}
        onChange={(e) => onParams({ ...params, index: e.target.value as RotationIndex })}
      >
        {Object.entries(INDEX_LABELS).map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Factor"
        value={params.factor}
        slotProps={selectProps}
        sx={fieldSx}
        onChange={(e) => onParams({ ...params, factor: e.target.value as RotationFactor })}
      >
        {ROTATION_FACTORS.map((f) => (
          <option key={f} value={f}>
            {FACTOR_LABELS[f]}
          </option>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Color"
        value={color}
        slotProps={selectProps}
        sx={fieldSx}
        onChange={(e) => onColor(e.target.value as ColorMode)}
      >
        {COLOR_MODES.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Lookback"
        value={String(params.lookback)}
        slotProps={selectProps}
        sx={fieldSx}
        onChange={(e) => onParams({ ...params, lookback: Number(e.target.value) as RotationLookback })}
      >
        {ROTATION_LOOKBACKS.map((l) => (
          <option key={l} value={l}>
            {l} weeks
          </option>
        ))}
      </TextField>
    </Box>
  );
}
