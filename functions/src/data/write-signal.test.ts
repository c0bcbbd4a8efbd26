import { afterEach, describe, expect, it } from 'vitest';
import { readUnlessWritten, registerWriteSignal } from './write-signal.ts';

afterEach(() => registerWriteSignal(null));

/** A store value and a generation moved by writes, as the local dynalite moves it. */
function store() {
  let value = 0;
  let generation = 0;
  let reads = 0;
  registerWriteSignal({
    generation: () => generation,
    tableGeneration: () => generation,
    itemGeneration: () => generation,
  });
  return {
    read: async () => {
      reads += 1;
      const v = value;
      await new Promise((r) => setTimeout(r, 1));
      return v;
    },
    write: (v: number) => {
      generation += 1;
      value = v;
      generation += 1;
    },
    /** A write that has arrived but is not applied or acknowledged yet. */
    arrive: () => {
      generation += 1;
      return (v: number) => {
        value = v;
        generation += 1;
      };
    },
    reads: () => reads,
  };
}

describe('reads skipped while the store took no write', () => {
  it('reuses the last read until a write, then reads again', async () => {
    const s = store();
    expect(await readUnlessWritten('k', s.read)).toBe(0);
    expect(await readUnlessWritten('k', s.read)).toBe(0);
    expect(s.reads()).toBe(1);
    s.write(1);
    expect(await readUnlessWritten('k', s.read)).toBe(1);
    expect(s.reads()).toBe(2);
  });

  it('never keeps a read that raced a write acknowledged after the read began', async () => {
    const s = store();
    const ack = s.arrive();
    // The read sees the value before the write is applied...
    expect(await readUnlessWritten('k', s.read)).toBe(0);
    ack(5);
    // ...and after the acknowledgement the next caller reads again.
    expect(await readUnlessWritten('k', s.read)).toBe(5);
  });

  it('always reads without a signal (DynamoDB)', async () => {
    const s = store();
    registerWriteSignal(null);
    await readUnlessWritten('k', s.read);
    await readUnlessWritten('k', s.read);
    expect(s.reads()).toBe(2);
  });

  it('does not keep a failed read', async () => {
    store();
    await expect(readUnlessWritten('k', () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    await expect(readUnlessWritten('k', async () => 7)).resolves.toBe(7);
  });
});

describe('reads kept per table and per item', () => {
  /** Counts per table and item, moved as write-counters.ts moves them (unattributed moves all). */
  function scopedStore() {
    let all = 0;
    let unattributed = 0;
    const tables = new Map<string, number>();
    const items = new Map<string, number>();
    registerWriteSignal({
      generation: () => all,
      tableGeneration: (t) => unattributed + (tables.get(t) ?? 0),
      itemGeneration: (t, pk, sk) => unattributed + (items.get(`${t}/${pk}/${sk}`) ?? 0),
    });
    const values = new Map<string, number>();
    let reads = 0;
    return {
      read: (id: string) => async () => {
        reads += 1;
        return values.get(id) ?? 0;
      },
      write: (t: string, pk: string, sk: string, v: number) => {
        all += 1;
        tables.set(t, (tables.get(t) ?? 0) + 1);
        items.set(`${t}/${pk}/${sk}`, (items.get(`${t}/${pk}/${sk}`) ?? 0) + 1);
        values.set(`${t}/${pk}/${sk}`, v);
      },
      writeUnattributed: (t: string, pk: string, sk: string, v: number) => {
        all += 1;
        unattributed += 1;
        values.set(`${t}/${pk}/${sk}`, v);
      },
      reads: () => reads,
    };
  }
  const profile = { table: 'app', item: { pk: 'USER#1', sk: 'PROFILE' } };

  it('a write to another item of the same table keeps an item read; a write to the item does not', async () => {
    const s = scopedStore();
    const read = s.read('app/USER#1/PROFILE');
    expect(await readUnlessWritten('p1', read, profile)).toBe(0);
    s.write('app', 'APIKEY#h', 'KEY', 9);
    expect(await readUnlessWritten('p1', read, profile)).toBe(0);
    expect(s.reads()).toBe(1);
    s.write('app', 'USER#1', 'PROFILE', 2);
    expect(await readUnlessWritten('p1', read, profile)).toBe(2);
    expect(s.reads()).toBe(2);
  });

  it('a write to another table keeps a table read; a write to the table does not', async () => {
    const s = scopedStore();
    const read = s.read('flow/DAY#1/HEAD');
    const scope = { table: 'flow' };
    await readUnlessWritten('f', read, scope);
    s.write('app', 'APIKEY#h', 'KEY', 1);
    await readUnlessWritten('f', read, scope);
    expect(s.reads()).toBe(1);
    s.write('flow', 'DAY#1', 'HEAD', 3);
    expect(await readUnlessWritten('f', read, scope)).toBe(3);
    expect(s.reads()).toBe(2);
  });

  it('a write the store cannot attribute (another process, over HTTP) drops every kept read', async () => {
    const s = scopedStore();
    const read = s.read('app/USER#1/PROFILE');
    await readUnlessWritten('p1', read, profile);
    s.writeUnattributed('app', 'USER#1', 'PROFILE', 4);
    expect(await readUnlessWritten('p1', read, profile)).toBe(4);
    expect(await readUnlessWritten('f', s.read('x'), { table: 'flow' })).toBe(0);
    expect(s.reads()).toBe(3);
  });
});
