import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import {
  FACTOR_DEFINITIONS,
  type FactorAnalysisFactor,
  type FactorTimeframe,
} from '@tapewatch/shared/params/factor-analysis';
import { isFactor, isTimeframe } from '../utils/reshape.ts';

interface Props {
  factor: FactorAnalysisFactor;
  /** The timeframe of the data on screen (switches once the new data arrives). */
  timeframe: FactorTimeframe;
  onFactor: (f: FactorAnalysisFactor) => void;
  onTimeframe: (t: FactorTimeframe) => void;
}

export function FactorControls({ factor, timeframe, onFactor, onTimeframe }: Props) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }} data-testid="factor-controls">
      <TextField
        select
        size="small"
        label="Factor"
        value={factor}
        onChange={(e) => isFactor(e.target.value) && onFactor(e.target.value)}
        slotProps={{ select: { inputProps: { 'data-testid': 'select-factor' } } }}
        sx={{ minWidth: 220 }}
      >
        {FACTOR_DEFINITIONS.map((f) => (
          <MenuItem key={f.id} value={f.id}>
            {f.label}
          </MenuItem>
        ))}
      </TextField>
      <RadioGroup
        row
        aria-label="Timeframe"
        value={timeframe}
        onChange={(e) => isTimeframe(e.target.value) && onTimeframe(e.target.value)}
      >
        <FormControlLabel value="daily" control={<Radio size="small" />} label="Daily" />
        <FormControlLabel value="weekly" control={<Radio size="small" />} label="Weekly" />
      </RadioGroup>
    </Box>
  );
}
