import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { McHeatmapRow } from '@tapewatch/shared/schemas/sector-rotation';
import { ChartCard } from '../../../components/charts/chart-card.tsx';
import { quantizedColor, readableTextColor } from '../../../components/charts/color-scale.ts';
import { useMcHeatmapData } from '../api/get-mc-heatmap-data.ts';
import { formatCap, layoutMarketMap, MARKET_MAP_RANGE, marketMapTable } from '../utils/market-map.ts';
import { useWatchlistFilter } from '../../../components/watchlist/use-watchlist-filter.ts';
import { WatchlistFilterChip } from '../../../components/watchlist/watchlist-filter-chip.tsx';

function MarketMapSvg({
  rows,
  width,
  height,
  capIsEstimate,
  highlighted,
}: {
  rows: readonly McHeatmapRow[];
  width: number;
  height: number;
  capIsEstimate: boolean;
  highlighted: ReadonlySet<string> | null;
}) {
  const theme = useTheme();
  const font = theme.typography.fontFamily ?? 'sans-serif';
  const layout = useMemo(() => layoutMarketMap(rows, { x: 0, y: 0, w: width, h: height }), [rows, width, height]);
  return (
    <svg
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      fontFamily={font}
      data-testid="market-map"
      aria-label="Market map by sector"
    >
      {layout.sectors.map((s) => (
        <g key={s.data.sector}>
          <rect
            x={s.x}
            y={s.y}
            width={s.w}
            height={s.h}
            fill={theme.palette.background.default}
            stroke={theme.palette.background.paper}
            strokeWidth={2}
          />
          {s.h > 42 && s.w > 50 && (
            <text x={s.x + 3} y={s.y + 11} fontSize={10} fontWeight={700} fill={theme.palette.text.primary}>
              {s.data.sector.length * 6 > s.w
                ? s.data.sector.slice(0, Math.max(3, Math.floor(s.w / 6)))
                : s.data.sector}
            </text>
          )}
        </g>
      ))}
      {layout.stocks.map((c) => {
        const fill = quantizedColor(c.data.change_pct, -MARKET_MAP_RANGE, MARKET_MAP_RANGE, 12);
        const ink = readableTextColor(fill);
        const fs = Math.min(14, Math.max(8, Math.min(c.w / 4.5, c.h / 2.6)));
        const showTicker = c.w > 24 && c.h > 14;
        const showChange = c.w > 34 && c.h > fs * 2.4;
        return (
          <g
            key={c.data.ticker}
            data-ticker={c.data.ticker}
            data-watchlist={highlighted?.has(c.data.ticker) || undefined}
          >
            <rect
              x={c.x}
              y={c.y}
              width={Math.max(0, c.w - 0.5)}
              height={Math.max(0, c.h - 0.5)}
              fill={fill}
              stroke={theme.palette.background.paper}
              strokeWidth={0.5}
            >
              <title>{`${c.data.ticker} ${c.data.company} (${c.data.sector}): ${c.data.change_pct.toFixed(2)}%, market cap ${formatCap(c.data.market_cap)}${capIsEstimate ? ' (estimate)' : ''}`}</title>
            </rect>
            {showTicker && (
              <text
                x={c.x + c.w / 2}
                y={c.y + c.h / 2 + (showChange ? -fs * 0.15 : fs * 0.35)}
                textAnchor="middle"
                fontSize={fs}
                fontWeight={700}
                fill={ink}
                pointerEvents="none"
              >
                {c.data.ticker}
              </text>
            )}
            {showChange && (
              <text
                x={c.x + c.w / 2}
                y={c.y + c.h / 2 + fs * 0.95}
                textAnchor="middle"
                fontSize={fs * 0.8}
                fill={ink}
                pointerEvents="none"
              >
                {`${c.data.change_pct > 0 ? '+' : ''}${c.data.change_pct.toFixed(2)}%`}
              </text>
            )}
          </g>
        );
      })}
      {/* Watchlist tickers framed on top (drawn last so no neighbour covers the frame). */}
      {highlighted &&
        layout.stocks
          .filter((c) => highlighted.has(c.data.ticker))
          .map((c) => (
            <rect
              key={`w-${c.data.ticker}`}
              x={c.x + 1}
              y={c.y + 1}
              width={Math.max(0, c.w - 2.5)}
              height={Math.max(0, c.h - 2.5)}
              fill="none"
              stroke={theme.palette.warning.main}
              strokeWidth={2.5}
              pointerEvents="none"
            />
          ))}
    </svg>
  );
}

/** Loaded lazily (after the first render of the page) to keep the route's initial JS small. */
export function MarketMapCard() {
  const { data, error } = useMcHeatmapData();
  const watch = useWatchlistFilter();
  const table = useMemo(() => {
    const t = marketMapTable(data?.data ?? []);
    // The shared table helper always labels the cap an estimate; say so only when the API does.
    return data?.market_cap_is_estimate === false
      ? { ...t, columns: t.columns.map((c) => c.replace(' (est.)', '')) }
      : t;
  }, [data]);
  if (error && !data) return <Typography color="error">Market map: {error.message}</Typography>;
  // The chip sits above the card: ChartCard's plot height is what its controls leave.
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}>
      <Box>
        <WatchlistFilterChip filter={watch} mode="highlight" />
      </Box>
      <ChartCard
        title="Market Map"
        table={table}
        height={560}
        mobileHeight={480}
        note={
          data
            ? `S&P 500 members on ${data.as_of}: box size = market cap${data.market_cap_is_estimate ? ' (estimate: shares outstanding estimate x close)' : ''}, grouped by sector; colour = 1-day change, capped at ±${MARKET_MAP_RANGE}%.`
            : 'Loading the market map...'
        }
      >
        {({ width, height }) =>
          data ? (
            <MarketMapSvg
              rows={data.data}
              width={width}
              height={height}
              capIsEstimate={data.market_cap_is_estimate}
              highlighted={watch.tickers}
            />
          ) : null
        }
      </ChartCard>
    </Box>
  );
}
