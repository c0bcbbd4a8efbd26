/** Snapshot name of the nightly signals table (kept apart so the handler does not bundle the factor code). */
export const SIGNALS_SNAPSHOT = 'signals';
