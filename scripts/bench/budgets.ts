/**
 * Issue 23 item 5: every budget the bench checks, with the figure, the budget and whether it holds;
 * `npm run bench` exits non-zero when one does not.
 */
export interface BudgetRow {
  budget: string;
  figure: number;
  limit: string;
  holds: 'yes' | 'NO';
}

export class Budgets {
  readonly rows: BudgetRow[] = [];

  /** The figure must be at most `limit`. */
  atMost(budget: string, figure: number, limit: number, unit: string): void {
    this.rows.push({
      budget,
      figure: +figure.toFixed(2),
      limit: `<= ${limit} ${unit}`,
      holds: figure <= limit ? 'yes' : 'NO',
    });
  }

  /** The figure must be at least `limit`. */
  atLeast(budget: string, figure: number, limit: number, unit: string): void {
    this.rows.push({
      budget,
      figure: +figure.toFixed(2),
      limit: `>= ${limit} ${unit}`,
      holds: figure >= limit ? 'yes' : 'NO',
    });
  }

  get failed(): BudgetRow[] {
    return this.rows.filter((r) => r.holds === 'NO');
  }

  print(): void {
    console.table(this.rows);
    const f = this.failed;
    console.log(
      f.length === 0
        ? `Budgets: all ${this.rows.length} hold`
        : `Budgets OVER: ${f.map((r) => `${r.budget} ${r.figure} (${r.limit})`).join('; ')}`,
    );
  }
}
