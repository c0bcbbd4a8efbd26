import type { McHeatmapRow } from '@tapewatch/shared/schemas/sector-rotation';
import type { ChartTableData } from '../../../components/charts/chart-card.tsx';
import { squarify, type Placed, type Rect } from './treemap.ts';

/** Colours are capped at ±3% (a typical day's range for single stocks). */
export const MARKET_MAP_RANGE = 3;
const HEADER = 14;

export interface MarketMapLayout {
  sectors: Array<Placed<{ sector: string; cap: number }>>;
  stocks: Array<Placed<McHeatmapRow>>;
}

/** 2.61e12 -> "$2.61T", 4.5e10 -> "$45.0B". */
export function formatCap(value: number): string {
  if (value >= 1e12) return `$${(value / 1e12).toFixed(2)}T`;
  if (value >= 1e9) return `$${(value / 1e9).toFixed(1)}B`;
  return `$${(value / 1e6).toFixed(0)}M`;
}

/** Sectors first (by total cap), then each sector's stocks inside its box under a name strip. */
export function layoutMarketMap(rows: readonly McHeatmapRow[], rect: Rect): MarketMapLayout {
  const bySector = new Map<string, McHeatmapRow[]>();
  for (const r of rows) bySector.set(r.sector, [...(bySector.get(r.sector) ?? []), r]);
  const sectors = squarify(
    [...bySector].map(([sector, list]) => ({
      value: list.reduce((s, r) => s + r.market_cap, 0),
      data: { sector, cap: list.reduce((s, r) => s + r.market_cap, 0) },
    })),
    rect,
  );
  const stocks = sectors.flatMap((s) => {
    const header = s.h > HEADER * 3 && s.w > 50 ? HEADER : 0;
    const inner = { x: s.x + 1, y: s.y + header + 1, w: Math.max(0, s.w - 2), h: Math.max(0, s.h - header - 2) };
    return squarify(
      bySector.get(s.data.sector)!.map((r) => ({ value: r.market_cap, data: r })),
      inner,
    );
  });
  return { sectors, stocks };
}

export function marketMapTable(rows: readonly McHeatmapRow[]): ChartTableData {
  return {
    rowHeader: 'Ticker',
    columns: ['Company', 'Sector', 'Market Cap (est.)', 'Change %'],
    rows: rows.map((r) => ({
      key: r.ticker,
      label: r.ticker,
      cells: [r.company, r.sector, formatCap(r.market_cap), r.change_pct.toFixed(2)],
    })),
    testId: 'market-map-table',
    rowTestId: 'market-map-row',
  };
}
