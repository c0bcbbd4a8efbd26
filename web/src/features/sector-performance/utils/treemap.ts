export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface TreemapItem<T> {
  value: number;
  data: T;
}

export type Placed<T> = Rect & { data: T };

/** Sum of the worst aspect ratio in a row laid along a side of length `side` (squarified treemap). */
function worst(row: readonly number[], side: number): number {
  const sum = row.reduce((a, b) => a + b, 0);
  const max = Math.max(...row);
  const min = Math.min(...row);
  const s2 = side * side;
  const sum2 = sum * sum;
  return Math.max((s2 * max) / sum2, sum2 / (s2 * min));
}

/**
 * Squarified treemap (Bruls, Huizing, van Wijk): items, largest first, fill `rect` with areas
 * proportional to value, laid in rows along the shorter side so cells stay close to square.
 * Items with a non-positive value are left out.
 */
export function squarify<T>(items: ReadonlyArray<TreemapItem<T>>, rect: Rect): Placed<T>[] {
  const list = items.filter((i) => i.value > 0 && Number.isFinite(i.value)).sort((a, b) => b.value - a.value);
  const total = list.reduce((s, i) => s + i.value, 0);
  const out: Placed<T>[] = [];
  if (total <= 0 || rect.w <= 0 || rect.h <= 0) return out;
  const scale = (rect.w * rect.h) / total;
  let free = { ...rect };
  let row: Array<TreemapItem<T>> = [];
  const areas = (r: ReadonlyArray<TreemapItem<T>>) => r.map((i) => i.value * scale);

  const layRow = () => {
    const a = areas(row);
    const sum = a.reduce((s, v) => s + v, 0);
    if (free.w >= free.h) {
      // Column on the left of the free space.
      const w = sum / free.h;
      let y = free.y;
      row.forEach((item, k) => {
        const h = a[k]! / w;
        out.push({ x: free.x, y, w, h, data: item.data });
        y += h;
      });
      free = { x: free.x + w, y: free.y, w: Math.max(0, free.w - w), h: free.h };
    } else {
      const h = sum / free.w;
      let x = free.x;
      row.forEach((item, k) => {
        const w = a[k]! / h;
        out.push({ x, y: free.y, w, h, data: item.data });
        x += w;
      });
      free = { x: free.x, y: free.y + h, w: free.w, h: Math.max(0, free.h - h) };
    }
    row = [];
  };

  for (const item of list) {
    const side = Math.min(free.w, free.h);
    const next = [...row, item];
    if (row.length === 0 || worst(areas(next), side) <= worst(areas(row), side)) {
      row = next;
    } else {
      layRow();
      row = [item];
    }
  }
  if (row.length) layRow();
  return out;
}
