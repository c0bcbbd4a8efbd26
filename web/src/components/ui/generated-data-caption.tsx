import Typography from '@mui/material/Typography';
import { generatedCaption, type GeneratedDataset } from '@tapewatch/shared/demo/generated-datasets';
import { useAppInfo } from '../../lib/app-info.ts';

/** In demo mode, says which of the screen's datasets are generated (issue 37); nothing in live mode. */
export function GeneratedDataCaption({ datasets }: { datasets: readonly GeneratedDataset[] }) {
  const { data } = useAppInfo();
  if (data?.data_mode !== 'demo') return null;
  return (
    <Typography data-testid="generated-data-caption" variant="caption" color="text.secondary" component="p">
      {generatedCaption(datasets)}
    </Typography>
  );
}
