import { createRequire } from 'node:module';

/**
 * dynalite 4.0.0 (the latest) reads every Query and Scan through a stream over an abstract-level
 * iterator, and its stream's destroy() closes that iterator only `if (iterator.return)`. abstract-level
 * 3 iterators have close() and no return(), so no iterator is ever closed: each stays in the database's
 * open resources with its read-ahead cache, and pins a LevelDB version (memtables and table files) in
 * native memory. Under the soak bench that was ~75 MB a minute of resident memory, growing without
 * end. Giving iterators the return() dynalite looks for makes its own clean-up run.
 *
 * abstract-level is resolved from dynalite's own location, so this patches the copy dynalite uses.
 */
const requireFromDynalite = createRequire(createRequire(import.meta.url).resolve('dynalite'));
const { AbstractIterator } = requireFromDynalite('abstract-level') as { AbstractIterator: { prototype: object } };

// The common base of entry, key and value iterators (the class is not exported).
const iteratorBase = Object.getPrototypeOf(AbstractIterator.prototype) as { return?: unknown; close(): Promise<void> };

export function patchDynaliteIteratorClose(): void {
  if (typeof iteratorBase.return === 'function') return;
  Object.defineProperty(iteratorBase, 'return', {
    configurable: true,
    writable: true,
    value(this: { close(): Promise<void> }) {
      return this.close();
    },
  });
}
