import type { FlowTrade } from '../schemas/flow.ts';

/** Newest first: by date, then time, then key (a stable total order for pages and caps). */
export function compareNewestFirst(a: FlowTrade, b: FlowTrade): number {
  if (a.date !== b.date) return a.date < b.date ? 1 : -1;
  if (a.time !== b.time) return a.time < b.time ? 1 : -1;
  return a.key < b.key ? 1 : a.key > b.key ? -1 : 0;
}
