import { tableList, tableName } from '@tapewatch/functions/data/tables';
import type { WriteSignal } from '@tapewatch/functions/data/write-signal';

/** An item a write request names (its table's physical name and its string key). */
export interface WrittenItem {
  table: string;
  pk: string;
  sk: string;
}

/** Item counts share this many slots (a collision only makes a kept read be read again). */
const ITEM_SLOTS = 4096;
const GLOBAL = 0;
const UNATTRIBUTED = 1;
const TABLES = 2;

/**
 * The write counts of the local dynalite in shared memory: dynalite's thread adds, the main
 * thread's readers load (data/write-signal.ts). Layout: every write, writes not attributed to
 * items, one count per table, then ITEM_SLOTS item counts hashed from table and key. A scoped
 * generation is the sum of its own count and the unattributed one, both only growing, so it moves
 * whenever either does.
 */
export class WriteCounters implements WriteSignal {
  static readonly bytes = 4 * (TABLES + tableList.length + ITEM_SLOTS);
  private readonly counts: Int32Array;
  private readonly tableIndex: Map<string, number>;

  constructor(buffer: SharedArrayBuffer) {
    this.counts = new Int32Array(buffer);
    this.tableIndex = new Map(tableList.map((def, i) => [tableName(def.name), TABLES + i]));
  }

  /** A write arrived or is about to be acknowledged; null: it could touch anything. */
  recordWrite(items: readonly WrittenItem[] | null): void {
    Atomics.add(this.counts, GLOBAL, 1);
    const tables = items?.map((it) => this.tableIndex.get(it.table));
    if (!items || tables!.some((t) => t === undefined)) {
      Atomics.add(this.counts, UNATTRIBUTED, 1);
      return;
    }
    for (const t of new Set(tables)) Atomics.add(this.counts, t!, 1);
    for (const slot of new Set(items.map((it) => this.itemSlot(it.table, it.pk, it.sk))))
      Atomics.add(this.counts, slot, 1);
  }

  generation(): number {
    return Atomics.load(this.counts, GLOBAL);
  }

  tableGeneration(table: string): number {
    const t = this.tableIndex.get(table);
    // An unknown table has no count of its own: any write moves the whole store's.
    return t === undefined ? this.generation() : this.unattributed() + Atomics.load(this.counts, t);
  }

  itemGeneration(table: string, pk: string, sk: string): number {
    if (!this.tableIndex.has(table)) return this.generation();
    return this.unattributed() + Atomics.load(this.counts, this.itemSlot(table, pk, sk));
  }

  private unattributed(): number {
    return Atomics.load(this.counts, UNATTRIBUTED);
  }

  /** FNV-1a over table, pk and sk (separated by NUL, which keys never hold). */
  private itemSlot(table: string, pk: string, sk: string): number {
    let h = 0x811c9dc5;
    const text = `${table}\u0000${pk}\u0000${sk}`;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
    return TABLES + tableList.length + ((h >>> 0) % ITEM_SLOTS);
  }
}

type AttributeValue = { S?: unknown };
type Key = Record<string, AttributeValue | undefined> | undefined;

function itemOf(table: unknown, key: Key): WrittenItem | null {
  const pk = key?.pk?.S;
  const sk = key?.sk?.S;
  return typeof table === 'string' && typeof pk === 'string' && typeof sk === 'string' ? { table, pk, sk } : null;
}

/**
 * The items a DynamoDB write request names (`target` is its X-Amz-Target operation), from its JSON
 * body; null when it names none that can be told (table changes, an unreadable body): the caller
 * treats that as a write to everything.
 */
export function writtenItems(operation: string, body: string): WrittenItem[] | null {
  let req: Record<string, unknown>;
  try {
    req = JSON.parse(body) as Record<string, unknown>;
  } catch {
    return null;
  }
  const items: Array<WrittenItem | null> = [];
  switch (operation) {
    case 'PutItem':
      items.push(itemOf(req.TableName, req.Item as Key));
      break;
    case 'UpdateItem':
    case 'DeleteItem':
      items.push(itemOf(req.TableName, req.Key as Key));
      break;
    case 'BatchWriteItem':
      for (const [table, writes] of Object.entries((req.RequestItems ?? {}) as Record<string, unknown>))
        for (const w of Array.isArray(writes) ? writes : [null]) {
          const write = w as { PutRequest?: { Item?: Key }; DeleteRequest?: { Key?: Key } } | null;
          items.push(itemOf(table, write?.PutRequest?.Item ?? write?.DeleteRequest?.Key));
        }
      break;
    case 'TransactWriteItems':
      for (const t of Array.isArray(req.TransactItems) ? req.TransactItems : [null]) {
        const op = (t ?? {}) as Record<string, { TableName?: unknown; Item?: Key; Key?: Key } | undefined>;
        const part = op.Put ?? op.Update ?? op.Delete ?? op.ConditionCheck;
        items.push(itemOf(part?.TableName, part?.Item ?? part?.Key));
      }
      break;
    default:
      return null;
  }
  return items.length > 0 && items.every((it) => it !== null) ? (items as WrittenItem[]) : null;
}
