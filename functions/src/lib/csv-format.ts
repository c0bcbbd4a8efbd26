import { csvText } from '@tapewatch/shared/csv';
import { routeList, type CsvTable, type RouteDef } from '@tapewatch/shared/api/routes';
import { BadRequestError } from './errors.ts';

const csvRoutes = routeList
  .filter((r) => r.csv)
  .map((r) => r.path.replace('/api/', ''))
  .join(', ');

/**
 * `?format=csv` is read here, before the route's own (strict) query schema sees the rest. Only the
 * routes whose answer is a table offer it; the others say which ones do.
 */
export function takeFormat(
  route: Pick<RouteDef, 'csv'>,
  raw: Record<string, string | undefined>,
): { csv: CsvTable | null; query: Record<string, string | undefined> } {
  if (!('format' in raw)) return { csv: null, query: raw };
  const { format, ...query } = raw;
  if (format !== 'csv') throw new BadRequestError(`Invalid value for 'format': the only format offered is csv.`);
  if (!route.csv)
    throw new BadRequestError(
      `This answer is not a table, so format=csv is not offered here. Routes with CSV: ${csvRoutes}.`,
    );
  return { csv: route.csv, query };
}

/** The table of an answer as CSV, with the columns of the page's own export (shared/api/csv-columns.ts). */
export function toCsvBody(table: CsvTable, answer: unknown): string {
  const rows = (table.rows === null ? answer : (answer as Record<string, unknown>)[table.rows]) as Array<
    Record<string, unknown>
  >;
  return csvText(
    table.columns.map((c) => c.header),
    rows.map((row) => table.columns.map((c) => c.value(row))),
  );
}
