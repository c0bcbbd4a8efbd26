import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit.ts';

/** A write whose completion the test controls, recording how many callers each write served. */
function controlledWrites() {
  const sizes: number[] = [];
  const finish: Array<() => void> = [];
  const failNext = { on: false };
  const write = (key: string, size: number) =>
    new Promise<string>((resolve, reject) => {
      sizes.push(size);
      const fail = failNext.on;
      failNext.on = false;
      finish.push(() => (fail ? reject(new Error('write failed')) : resolve(`${key}:${sizes.length}`)));
    });
  return { write, sizes, finish, failNext };
}
const tick = () => new Promise((r) => setImmediate(r));

describe('GroupCommit', () => {
  it('writes at once for a lone caller, then serves everyone who arrived meanwhile with one write', async () => {
    const w = controlledWrites();
    const gc = new GroupCommit(w.write);
    const first = gc.run('k');
    await tick();
    expect(w.sizes).toEqual([1]);
    const later = [gc.run('k'), gc.run('k'), gc.run('k')];
    await tick();
    expect(w.sizes).toEqual([1]); // they wait for the write in flight: it started before they arrived
    w.finish[0]!();
    expect(await first).toEqual({ result: 'k:1', index: 0, size: 1 });
    await tick();
    expect(w.sizes).toEqual([1, 3]);
    w.finish[1]!();
    expect(await Promise.all(later)).toEqual([0, 1, 2].map((index) => ({ result: 'k:2', index, size: 3 })));
  });

  it('keys do not wait for each other', async () => {
    const w = controlledWrites();
    const gc = new GroupCommit(w.write);
    void gc.run('a');
    void gc.run('b');
    await tick();
    expect(w.sizes).toEqual([1, 1]);
  });

  it('a failed write fails its callers only; the next batch still runs', async () => {
    const w = controlledWrites();
    const gc = new GroupCommit(w.write);
    w.failNext.on = true;
    const failing = gc.run('k');
    await tick();
    const next = gc.run('k');
    w.finish[0]!();
    await expect(failing).rejects.toThrow('write failed');
    await tick();
    w.finish[1]!();
    expect(await next).toEqual({ result: 'k:2', index: 0, size: 1 });
  });

  it('caps a write at maxSize callers and writes the rest next', async () => {
    const w = controlledWrites();
    const gc = new GroupCommit(w.write, 2);
    void gc.run('k');
    await tick();
    const rest = [gc.run('k'), gc.run('k'), gc.run('k')];
    w.finish[0]!();
    await tick();
    expect(w.sizes).toEqual([1, 2]);
    w.finish[1]!();
    await tick();
    expect(w.sizes).toEqual([1, 2, 1]);
    w.finish[2]!();
    expect((await Promise.all(rest)).map((s) => s.size)).toEqual([2, 2, 1]);
  });
});
