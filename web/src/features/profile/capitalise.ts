/** "basic" -> "Basic"; the empty subscription stays empty. */
export function capitalise(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}
