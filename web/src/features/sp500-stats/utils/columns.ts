import type { ColumnDef } from '../../../components/table/data-table.tsx';
import { formatChange, formatChangePct, formatPeriodDate, formatValue, type Unit } from './format.ts';
import type { RatioRow } from './table-rows.ts';

/** Date, Value, Change, Change % (spec part 2 section 2.12); dates sort newest first on first click. */
export function ratioColumns(unit: Unit, yearly: boolean): ColumnDef<RatioRow>[] {
  return [
    {
      id: 'date',
      header: 'Date',
      value: (r) => r.date,
      format: (r) => formatPeriodDate(r.date, yearly),
      firstDirection: 'desc',
    },
    { id: 'value', header: 'Value', value: (r) => r.value, format: (r) => formatValue(r.value, unit), align: 'right' },
    {
      id: 'change',
      header: 'Change',
      value: (r) => r.change,
      format: (r) => formatChange(r.change, unit),
      align: 'right',
    },
    {
      id: 'change_pct',
      header: 'Change %',
      value: (r) => r.changePct,
      format: (r) => formatChangePct(r.changePct),
      align: 'right',
    },
  ];
}
