import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  ARIMA_COV_TYPES,
  ARIMA_COV_TYPE_LABELS,
  ARIMA_ORDER_CHOICES,
  ARIMA_TRENDS,
  type ArimaTrendId,
} from '@tapewatch/shared/params/arima';
import { isDLocked, withD, withTrend, type ArimaSettings } from '../utils/rules.ts';

type Order = (typeof ARIMA_ORDER_CHOICES)[number];

const TREND_LABELS: Record<ArimaTrendId, string> = {
  n: 'n (none)',
  c: 'c (constant)',
  t: 't (linear)',
  ct: 'ct (constant + linear)',
};

interface Props {
  value: ArimaSettings;
  onChange: (next: ArimaSettings) => void;
  onUpdate: () => void;
  /** True while the shown results were computed with other settings. */
  dirty: boolean;
}

function OrderSelect({
  id,
  label,
  value,
  disabled,
  helper,
  onChange,
}: {
  id: string;
  label: string;
  value: Order;
  disabled?: boolean;
  helper?: string;
  onChange: (v: Order) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      disabled={disabled}
      helperText={helper}
      onChange={(e) => onChange(Number(e.target.value) as Order)}
      slotProps={{ select: { inputProps: { 'data-testid': `arima-select-${id}` } } }}
      sx={{ minWidth: 86, maxWidth: helper ? 150 : undefined }}
    >
      {ARIMA_ORDER_CHOICES.map((c) => (
        <MenuItem key={c} value={c}>
          {c}
        </MenuItem>
      ))}
    </TextField>
  );
}

function ChoiceSelect<T extends string>({
  id,
  label,
  value,
  choices,
  labels,
  onChange,
}: {
  id: string;
  label: string;
  value: T;
  choices: readonly T[];
  labels: Record<T, string>;
  onChange: (v: T) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as T)}
      slotProps={{ select: { inputProps: { 'data-testid': `arima-select-${id}` } } }}
      sx={{ minWidth: 150 }}
    >
      {choices.map((c) => (
        <MenuItem key={c} value={c}>
          {labels[c]}
        </MenuItem>
      ))}
    </TextField>
  );
}

function Toggle({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (v: 0 | 1) => void;
}) {
  return (
    <FormControlLabel
      label={label}
      control={
        <Switch
          checked={checked}
          onChange={(e) => onChange(e.target.checked ? 1 : 0)}
          slotProps={{ input: { 'aria-label': label, 'data-testid': `arima-switch-${id}` } as object }}
        />
      }
    />
  );
}

/** The ARIMA control panel; the trend/d rules of spec part 2 section 4 are applied as the user edits. */
export function ArimaControls({ value, onChange, onUpdate, dirty }: Props) {
  const locked = isDLocked(value.trend);
  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        onUpdate();
      }}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', pt: 0.75 }}
      data-testid="arima-controls"
    >
      <OrderSelect id="p" label="p (AR)" value={value.p} onChange={(p) => onChange({ ...value, p })} />
      <OrderSelect
        id="d"
        label="d (diff)"
        value={value.d}
        disabled={locked}
        helper={locked ? 'Trend c/ct: d = 0' : undefined}
        onChange={(d) => onChange(withD(value, d))}
      />
      <OrderSelect id="q" label="q (MA)" value={value.q} onChange={(q) => onChange({ ...value, q })} />
      <ChoiceSelect
        id="trend"
        label="Trend"
        value={value.trend}
        choices={ARIMA_TRENDS}
        labels={TREND_LABELS}
        onChange={(trend) => onChange(withTrend(value, trend))}
      />
      <OrderSelect
        id="offset"
        label="Offset"
        value={value.offset}
        onChange={(offset) => onChange({ ...value, offset })}
      />
      <ChoiceSelect
        id="cov_type"
        label="Std. errors"
        value={value.cov_type}
        choices={ARIMA_COV_TYPES}
        labels={ARIMA_COV_TYPE_LABELS}
        onChange={(cov_type) => onChange({ ...value, cov_type })}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
        <Toggle
          id="stationarity"
          label="Stationarity"
          checked={value.stationarity === 1}
          onChange={(v) => onChange({ ...value, stationarity: v })}
        />
        <Toggle
          id="invertibility"
          label="Invertibility"
          checked={value.invertibility === 1}
          onChange={(v) => onChange({ ...value, invertibility: v })}
        />
        <Toggle
          id="concentrate"
          label="Concentrate"
          checked={value.concentrate === 1}
          onChange={(v) => onChange({ ...value, concentrate: v })}
        />
      </Box>
      <Button
        type="submit"
        variant={dirty ? 'contained' : 'outlined'}
        data-testid="arima-update"
        sx={{ minHeight: 40 }}
      >
        Update
      </Button>
    </Box>
  );
}
