import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PAGE_SIZES } from '@tapewatch/shared/constants';
import { FACTOR_LABELS, ROTATION_POSITIONS } from '@tapewatch/shared/params/sector-rotation';
import type { RotationRow } from '@tapewatch/shared/schemas/sector-rotation';
import { DataTable, type ColumnDef } from '../../../components/table/data-table.tsx';
import { withTickerStar } from '../../../components/watchlist/ticker-with-star.tsx';
import type { SectorRotationData } from '../api/get-sector-rotation-data.ts';
import { factorValue, FREQ_TABLES, freqRows, searchRows, type FreqRow } from '../utils/reshape.ts';

const titleSx = { fontSize: { xs: '0.95rem', sm: '1.05rem' }, mb: 0.5 } as const;

function freqColumns(groupHeader: string, pct: boolean): ColumnDef<FreqRow>[] {
  return [
    { id: 'name', header: groupHeader, value: (r) => r.name },
    ...ROTATION_POSITIONS.map(
      (p): ColumnDef<FreqRow> => ({
        id: p,
        header: p,
        value: (r) => r[p],
        format: (r) => (pct ? `${r[p].toFixed(2)}%` : String(r[p])),
        align: 'right',
        firstDirection: 'desc',
      }),
    ),
  ];
}

function allColumns(data: SectorRotationData): ColumnDef<RotationRow>[] {
  return [
    { id: 'ticker', header: 'Ticker', value: (r) => r.ticker },
    { id: 'sector', header: 'Sector', value: (r) => r.sector, hideBelow: 500 },
    { id: 'position', header: 'Position', value: (r) => r.position },
    {
      id: 'relative_strength',
      header: 'Relative Strength',
      value: (r) => r.relative_strength,
      format: (r) => r.relative_strength.toFixed(2),
      align: 'right',
      firstDirection: 'desc',
    },
    {
      id: data.factor,
      header: FACTOR_LABELS[data.factor],
      value: (r) => factorValue(r, data.factor),
      format: (r) => factorValue(r, data.factor).toFixed(2),
      align: 'right',
      firstDirection: 'desc',
    },
  ];
}

interface RotationTablesProps {
  /** Watchlist tickers, marked in the All table. */
  highlighted?: ReadonlySet<string> | null;
  data: SectorRotationData;
  selected: ReadonlySet<string>;
  onToggle: (ticker: string) => void;
}

export function RotationTables({ data, selected, onToggle, highlighted = null }: RotationTablesProps) {
  const [tab, setTab] = useState<'sectors' | 'all'>('sectors');
  const [search, setSearch] = useState('');
  const rows = useMemo(() => searchRows(data.main_data, search), [data, search]);
  const columns = useMemo(() => withTickerStar(allColumns(data)), [data]);
  const file = `${data.index}-${data.lookback}w-${data.factor}-${data.as_of}`;
  return (
    <Card component="section" variant="outlined" aria-label="Sector rotation tables" sx={{ p: { xs: 1, sm: 2 } }}>
      <Tabs value={tab} onChange={(_e, v: 'sectors' | 'all') => setTab(v)} aria-label="Tables" sx={{ mb: 1 }}>
        <Tab value="sectors" label="Sectors" />
        <Tab value="all" label="All" />
      </Tabs>
      {tab === 'sectors' ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
          {FREQ_TABLES.map((t) => (
            <Box key={t.key} component="section" aria-label={t.title}>
              <Typography variant="h6" component="h3" sx={titleSx}>
                {t.title}
              </Typography>
              <DataTable<FreqRow>
                rows={freqRows(data, t.key)}
                columns={freqColumns(t.group === 'sector' ? 'Sector' : 'Super Sector', t.pct)}
                pageSize={20}
                getRowKey={(r) => r.name}
                defaultSort={{ columnId: 'Leading', direction: 'desc' }}
                filterable={false}
                ariaLabel={t.title}
                csvFileName={`${t.key}-${file}.csv`}
              />
            </Box>
          ))}
        </Box>
      ) : (
        <Box>
          <TextField
            size="small"
            label="Search ticker, name, sector or position"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            sx={{ width: { xs: '100%', sm: 360 }, mb: 1 }}
          />
          <Typography variant="caption" component="p" color="text.secondary" sx={{ mb: 1 }}>
            Click a row to draw (or hide) its last weekly points as a tail on the chart.
          </Typography>
          <DataTable<RotationRow>
            rows={rows}
            columns={columns}
            pageSize={PAGE_SIZES.sectorTables}
            getRowKey={(r) => r.ticker}
            defaultSort={{ columnId: 'ticker', direction: 'asc' }}
            onRowClick={(r) => onToggle(r.ticker)}
            filterable={false}
            ariaLabel="All tickers"
            isRowMarked={highlighted ? (r) => highlighted.has(r.ticker) : undefined}
            csvFileName={`sector-rotation-${file}.csv`}
            padRows
          />
          {selected.size > 0 && (
            <Typography variant="caption" color="text.secondary" data-testid="selected-tails">
              Tails: {[...selected].join(', ')}
            </Typography>
          )}
        </Box>
      )}
    </Card>
  );
}
