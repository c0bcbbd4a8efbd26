import type { ChartTableData } from '../../../components/charts/chart-card.tsx';
import type { TimeSeries } from '../../../components/charts/time-series-chart.tsx';
import { formatNumber } from '../../../lib/format.ts';
import type { VolatilityDataResponse } from '../api/get-volatility-data.ts';

/** Annual decimals to chart percents (0.1834 -> 18.34), gaps kept. */
const pct = (v: number | null): number | null => (v === null ? null : Math.round(v * 1e4) / 100);
const pctText = (v: number | null) => (v === null ? '-' : `${formatNumber(v * 100, 1)}%`);

export const IV_COLORS = { iv: '#1976d2', rv: '#ef6c00', put: '#c62828', call: '#2e7d32' } as const;

export function historySeries(v: VolatilityDataResponse): TimeSeries[] {
  return [
    { id: '30-day ATM IV', color: IV_COLORS.iv, values: v.history.atm_iv.map(pct) },
    { id: '20-day realised', color: IV_COLORS.rv, values: v.history.realised_vol_20.map(pct) },
  ];
}

export function historyTable(v: VolatilityDataResponse): ChartTableData {
  return {
    rowHeader: 'Date',
    columns: ['ATM IV', 'Realised 20d'],
    rows: v.history.dates.map((d, i) => ({
      key: d,
      label: d,
      cells: [pctText(v.history.atm_iv[i]!), pctText(v.history.realised_vol_20[i] ?? null)],
    })),
  };
}

/** Expirations a year out at most: LEAPS flatten the chart of the months traders watch. */
const termExpirations = (v: VolatilityDataResponse) => v.expirations.filter((e) => e.dte <= 366);

export function termSeries(v: VolatilityDataResponse): { dates: string[]; series: TimeSeries[] } {
  const e = termExpirations(v);
  return {
    dates: e.map((x) => x.expiration),
    series: [{ id: 'ATM IV', color: IV_COLORS.iv, values: e.map((x) => pct(x.atm_iv)) }],
  };
}

export function skewSeries(v: VolatilityDataResponse): { dates: string[]; series: TimeSeries[] } {
  const e = termExpirations(v);
  return {
    dates: e.map((x) => x.expiration),
    series: [
      { id: '25Δ put IV', color: IV_COLORS.put, values: e.map((x) => pct(x.put_25d_iv)) },
      { id: 'ATM IV', color: IV_COLORS.iv, values: e.map((x) => pct(x.atm_iv)) },
      { id: '25Δ call IV', color: IV_COLORS.call, values: e.map((x) => pct(x.call_25d_iv)) },
    ],
  };
}

export function termTable(v: VolatilityDataResponse): ChartTableData {
  return {
    rowHeader: 'Expiration',
    columns: ['DTE', 'ATM IV', '25Δ put IV', '25Δ call IV', '25Δ risk reversal'],
    rows: termExpirations(v).map((e) => ({
      key: e.expiration,
      label: e.expiration,
      cells: [
        String(e.dte),
        pctText(e.atm_iv),
        pctText(e.put_25d_iv),
        pctText(e.call_25d_iv),
        e.risk_reversal_25d === null ? '-' : `${formatNumber(e.risk_reversal_25d * 100, 2)} pts`,
      ],
    })),
  };
}
