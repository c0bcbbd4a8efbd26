import { afterEach, describe, expect, it } from 'vitest';
import { readUnlessWritten, registerWriteSignal } from './write-signal.ts';

afterEach(() => registerWriteSignal(null));

/** A store value and a generation moved by writes, as the local dynalite moves it. */
function store() {
  let value = 0;
  let generation = 0;
  let reads = 0;
  registerWriteSignal({ generation: () => generation });
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
