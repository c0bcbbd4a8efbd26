import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { ChartCard } from '../../../components/charts/chart-card.tsx';
import type { IntradayPremiumsData } from '../api/ticker-overview-api.ts';
import { FULL_ZOOM, intradayTable, intradayView, zoomAround, type ZoomWindow } from '../utils/intraday-view.ts';
import { INTRADAY_COLORS, IntradayChart } from './intraday-chart.tsx';

const LEGEND = [
  { label: 'Calls premium', color: INTRADAY_COLORS.calls },
  { label: 'Puts premium', color: INTRADAY_COLORS.puts },
  { label: 'MA10', color: INTRADAY_COLORS.ma10 },
  { label: 'MA20', color: INTRADAY_COLORS.ma20 },
];

/** The intraday premiums chart with its legend, zoom buttons and data table; the zoom resets with new data. */
export function IntradayCard({ data }: { data: IntradayPremiumsData }) {
  const view = intradayView(data);
  const [state, setState] = useState<{ data: IntradayPremiumsData; zoom: ZoomWindow }>({ data, zoom: FULL_ZOOM });
  const zoom = state.data === data ? state.zoom : FULL_ZOOM;
  const setZoom = (next: ZoomWindow) => setState({ data, zoom: next });
  const full = zoom.start === 0 && zoom.end === 1;
  const controls = (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: { xs: 1, sm: 2 }, mb: 1, fontSize: 12 }}>
      {LEGEND.map((l) => (
        <Box key={l.label} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Box sx={{ width: 10, height: 10, bgcolor: l.color, borderRadius: 0.5 }} />
          {l.label}
        </Box>
      ))}
      <Box sx={{ flex: 1 }} />
      <Button
        size="small"
        onClick={() => setZoom(zoomAround(zoom, 0.5, 0.5))}
        disabled={zoom.end - zoom.start <= 0.25 + 1e-9}
      >
        Zoom in
      </Button>
      <Button size="small" onClick={() => setZoom(zoomAround(zoom, 2, 0.5))} disabled={full}>
        Zoom out
      </Button>
    </Box>
  );
  return (
    <ChartCard
      title="Intraday Premiums"
      table={intradayTable(view)}
      controls={controls}
      height={440}
      mobileHeight={340}
      note={`${data.date ?? ''}, ${data.minutes}-minute intervals. Candles: open, high, low and close of the underlying price of ${data.ticker}'s option trades in each interval (the demo has no intraday price bars). Bars: call and put premiums (right axis, up to 4x the largest bar). Lines: 10- and 20-period moving averages of the close. Scroll or drag to zoom and pan.`}
    >
      {({ width, height, isMobile }) => (
        <IntradayChart view={view} width={width} height={height} compact={isMobile} zoom={zoom} onZoom={setZoom} />
      )}
    </ChartCard>
  );
}
