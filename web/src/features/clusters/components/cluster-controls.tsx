import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { CLUSTER_CHOICES, dtwBand, SOFTDTW_UNAVAILABLE } from '@tapewatch/shared/params/clusters';
import type { ClustersRequest } from '../api/get-clusters-data.ts';

export type ClusterSettings = Omit<ClustersRequest, 'ticker'>;

const METRIC_LABELS = { euclidean: 'euclidean', dtw: 'DTW' } as const;
const FEATURE_LABELS = { pct: 'Returns', volatility: 'Volatility', pcvol: 'Returns and Volatility' } as const;

interface Props {
  value: ClusterSettings;
  onChange: (next: ClusterSettings) => void;
}

function NumberSelect<T extends number>({
  label,
  id,
  value,
  choices,
  onChange,
}: {
  label: string;
  id: string;
  value: T;
  choices: readonly T[];
  onChange: (v: T) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(Number(e.target.value) as T)}
      slotProps={{ select: { inputProps: { 'data-testid': `select-${id}` } } }}
      sx={{ minWidth: label.length > 14 ? 170 : 130 }}
    >
      {choices.map((c) => (
        <MenuItem key={c} value={c}>
          {c}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The clusters control panel: fixed choices only (spec part 1 section 9, plus DTW from issue 23). */
export function ClusterControls({ value, onChange }: Props) {
  const set = <K extends keyof ClusterSettings>(key: K, v: ClusterSettings[K]) => onChange({ ...value, [key]: v });
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }} data-testid="cluster-controls">
      <NumberSelect
        label="Number of clusters"
        id="nb_clusters"
        value={value.nb_clusters}
        choices={CLUSTER_CHOICES.nbClusters}
        onChange={(v) => set('nb_clusters', v)}
      />
      <NumberSelect
        label="Pattern length"
        id="length"
        value={value.length}
        choices={CLUSTER_CHOICES.length}
        onChange={(v) => set('length', v)}
      />
      <TextField
        select
        size="small"
        label="Metric"
        value={value.metric}
        onChange={(e) => set('metric', e.target.value as ClusterSettings['metric'])}
        helperText={
          value.metric === 'dtw'
            ? `Band: ${dtwBand(value.length)} day${dtwBand(value.length) > 1 ? 's' : ''} (10% of the pattern length). ${SOFTDTW_UNAVAILABLE}`
            : SOFTDTW_UNAVAILABLE
        }
        slotProps={{ select: { inputProps: { 'data-testid': 'select-metric' } } }}
        sx={{ minWidth: 130, maxWidth: 260 }}
      >
        {CLUSTER_CHOICES.metric.map((m) => (
          <MenuItem key={m} value={m}>
            {METRIC_LABELS[m]}
          </MenuItem>
        ))}
      </TextField>
      <NumberSelect
        label="Iterations"
        id="iterations"
        value={value.iterations}
        choices={CLUSTER_CHOICES.iterations}
        onChange={(v) => set('iterations', v)}
      />
      <TextField
        select
        size="small"
        label="Features"
        value={value.features}
        onChange={(e) => set('features', e.target.value as ClusterSettings['features'])}
        slotProps={{ select: { inputProps: { 'data-testid': 'select-features' } } }}
        sx={{ minWidth: 200 }}
      >
        {CLUSTER_CHOICES.features.map((f) => (
          <MenuItem key={f} value={f}>
            {FEATURE_LABELS[f]}
          </MenuItem>
        ))}
      </TextField>
      <NumberSelect
        label="Training window"
        id="training_window"
        value={value.training_window}
        choices={CLUSTER_CHOICES.trainingWindow}
        onChange={(v) => set('training_window', v)}
      />
    </Box>
  );
}
