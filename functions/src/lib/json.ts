/** JSON text with NaN and ±Infinity as null: the server never emits non-JSON numbers. */
export function toJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? null : v));
}
