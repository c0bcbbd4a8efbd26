import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  parseSp500Dataset,
  SP500_DATASETS,
  sp500DatasetLabel,
  type Sp500Dataset,
} from '@tapewatch/shared/params/sp500';
import { FAMILY_HELP } from './definitions.tsx';

/** The 36-dataset dropdown with the chosen family's definition beside it. */
export function DatasetPicker({ value, onChange }: { value: Sp500Dataset; onChange: (dataset: Sp500Dataset) => void }) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', md: 'row' },
        gap: { xs: 1, md: 3 },
        alignItems: { md: 'center' },
      }}
    >
      <TextField
        select
        label="Dataset"
        value={value}
        onChange={(e) => onChange(e.target.value as Sp500Dataset)}
        sx={{ width: { xs: '100%', md: 380 }, flexShrink: 0 }}
        slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 420 } } } } } }}
        data-testid="sp500-dataset"
      >
        {SP500_DATASETS.map((id) => (
          <MenuItem key={id} value={id}>
            {sp500DatasetLabel(id)}
          </MenuItem>
        ))}
      </TextField>
      <Typography variant="body2" color="text.secondary" data-testid="sp500-dataset-help" sx={{ maxWidth: 720 }}>
        {FAMILY_HELP[parseSp500Dataset(value).family]}
      </Typography>
    </Box>
  );
}
