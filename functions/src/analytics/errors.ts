/**
 * Typed errors for the analytics library.
 *
 * Every failure mode that could otherwise produce a silently wrong number
 * (NaN input, a series too short for the requested model, an optimiser that
 * did not converge) is surfaced as an AnalyticsError whose `message` can be
 * shown to an end user as-is and whose `code` is stable for programmatic use.
 */
export type AnalyticsErrorCode =
  | 'invalid_input'
  | 'too_short'
  | 'not_converged'
  | 'singular_matrix'
  | 'non_stationary'
  | 'out_of_bounds';

export class AnalyticsError extends Error {
  readonly code: AnalyticsErrorCode;

  constructor(code: AnalyticsErrorCode, message: string) {
    super(message);
    this.name = 'AnalyticsError';
    this.code = code;
  }
}

/** Throws `invalid_input` unless every value is a finite number. */
export function assertFiniteArray(values: readonly number[], what: string): void {
  if (!Array.isArray(values)) {
    throw new AnalyticsError('invalid_input', `The ${what} must be an array of numbers.`);
  }
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      throw new AnalyticsError(
        'invalid_input',
        `The ${what} contains a missing or non-finite value at position ${i + 1}.`,
      );
    }
  }
}

/** Throws `invalid_input` unless `X` is a rectangular matrix of finite numbers. */
export function assertFiniteMatrix(rows: readonly (readonly number[])[], what: string): number {
  if (!Array.isArray(rows) || rows.length === 0) {
    throw new AnalyticsError('invalid_input', `The ${what} must be a non-empty matrix.`);
  }
  const width = rows[0]?.length ?? 0;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    if (!Array.isArray(row) || row.length !== width) {
      throw new AnalyticsError(
        'invalid_input',
        `Every row of the ${what} must have ${width} values (row ${i + 1} does not).`,
      );
    }
    for (let j = 0; j < width; j++) {
      const v = row[j];
      if (typeof v !== 'number' || !Number.isFinite(v)) {
        throw new AnalyticsError(
          'invalid_input',
          `The ${what} contains a missing or non-finite value at row ${i + 1}, column ${j + 1}.`,
        );
      }
    }
  }
  return width;
}

export function assertPositiveInteger(value: number, what: string, min = 1): void {
  if (!Number.isInteger(value) || value < min) {
    throw new AnalyticsError('invalid_input', `The ${what} must be an integer of at least ${min}.`);
  }
}
