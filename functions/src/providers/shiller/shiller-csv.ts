import type { ShillerMonth } from '../../domain/sp500/shiller-month.ts';
import { createReportBuilder, type ParseReport } from '../parse-report.ts';

export const SHILLER_HEADER =
  'Date,SP500,Dividend,Earnings,Consumer Price Index,Long Interest Rate,Real Price,Real Dividend,Real Earnings,PE10';

/**
 * The file marks missing values with 0.0 (or a blank): after its last real month (dividends and
 * earnings stop in 2023-06, CPI and CAPE in 2023-09) and for CAPE's first ten years. None of
 * these series is ever truly zero, so 0 and blank both mean "missing".
 */
function value(cell: string | undefined): number | null {
  if (cell === undefined || cell.trim() === '') return null;
  const n = Number(cell);
  return Number.isFinite(n) && n !== 0 ? n : null;
}

/** Parses the datasets/s-and-p-500 `data.csv` format (the bundled shiller-sp500-monthly file). */
export function parseShillerCsv(text: string): ParseReport<ShillerMonth> {
  const report = createReportBuilder<ShillerMonth>();
  const lines = text.split(/\r?\n/);
  if (lines[0]?.trim() !== SHILLER_HEADER) report.skip(1, 'unexpected header', lines[0]);
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    const c = line.split(',');
    const date = c[0]?.trim() ?? '';
    const price = value(c[1]);
    if (c.length !== 10 || !/^\d{4}-\d{2}-01$/.test(date) || price === null) {
      report.skip(i + 1, c.length !== 10 ? 'expected 10 columns' : 'bad date or price', line);
      continue;
    }
    report.add({
      date,
      price,
      dividend: value(c[2]),
      earnings: value(c[3]),
      cpi: value(c[4]),
      longRate: value(c[5]),
      realPrice: value(c[6]),
      realDividend: value(c[7]),
      realEarnings: value(c[8]),
      cape: value(c[9]),
    });
  }
  return report.build();
}
