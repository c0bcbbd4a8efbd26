import { describe, expect, it } from 'vitest';
import { tableName } from '@tapewatch/functions/data/tables';
import { WriteCounters, writtenItems } from './write-counters.ts';

const APP = tableName('app');
const FLOW = tableName('flow');
const s = (v: string) => ({ S: v });

describe('writtenItems: the items a write request names', () => {
  it('reads PutItem, UpdateItem, DeleteItem, BatchWriteItem and TransactWriteItems bodies', () => {
    expect(
      writtenItems('PutItem', JSON.stringify({ TableName: APP, Item: { pk: s('A'), sk: s('1'), n: { N: '3' } } })),
    ).toEqual([{ table: APP, pk: 'A', sk: '1' }]);
    for (const op of ['UpdateItem', 'DeleteItem'])
      expect(writtenItems(op, JSON.stringify({ TableName: APP, Key: { pk: s('B'), sk: s('2') } }))).toEqual([
        { table: APP, pk: 'B', sk: '2' },
      ]);
    const batch = {
      RequestItems: {
        [APP]: [
          { PutRequest: { Item: { pk: s('C'), sk: s('3') } } },
          { DeleteRequest: { Key: { pk: s('D'), sk: s('4') } } },
        ],
        [FLOW]: [{ PutRequest: { Item: { pk: s('E'), sk: s('5') } } }],
      },
    };
    expect(writtenItems('BatchWriteItem', JSON.stringify(batch))).toEqual([
      { table: APP, pk: 'C', sk: '3' },
      { table: APP, pk: 'D', sk: '4' },
      { table: FLOW, pk: 'E', sk: '5' },
    ]);
    const transact = {
      TransactItems: [
        { Put: { TableName: APP, Item: { pk: s('F'), sk: s('6') } } },
        { Update: { TableName: APP, Key: { pk: s('G'), sk: s('7') } } },
        { Delete: { TableName: FLOW, Key: { pk: s('H'), sk: s('8') } } },
      ],
    };
    expect(writtenItems('TransactWriteItems', JSON.stringify(transact))).toEqual([
      { table: APP, pk: 'F', sk: '6' },
      { table: APP, pk: 'G', sk: '7' },
      { table: FLOW, pk: 'H', sk: '8' },
    ]);
  });

  it('names nothing (a write to everything) when any part cannot be told', () => {
    expect(writtenItems('CreateTable', JSON.stringify({ TableName: APP }))).toBeNull();
    expect(writtenItems('PutItem', '{"TableName":')).toBeNull();
    expect(
      writtenItems('PutItem', JSON.stringify({ TableName: APP, Item: { pk: { N: '1' }, sk: s('1') } })),
    ).toBeNull();
    const partly = { RequestItems: { [APP]: [{ PutRequest: { Item: { pk: s('C'), sk: s('3') } } }, { Bogus: {} }] } };
    expect(writtenItems('BatchWriteItem', JSON.stringify(partly))).toBeNull();
    expect(writtenItems('BatchWriteItem', JSON.stringify({}))).toBeNull();
  });
});

describe('WriteCounters: what a write moves', () => {
  const counters = () => new WriteCounters(new SharedArrayBuffer(WriteCounters.bytes));

  it('moves its items, its tables and the whole store; not other items or tables', () => {
    const c = counters();
    const counts = () => [
      c.generation(),
      c.tableGeneration(APP),
      c.tableGeneration(FLOW),
      c.itemGeneration(APP, 'A', '1'),
      c.itemGeneration(APP, 'B', '1'),
    ];
    const before = counts();
    c.recordWrite([{ table: APP, pk: 'A', sk: '1' }]);
    const after = counts();
    expect(after.map((v, i) => v - before[i]!)).toEqual([1, 1, 0, 1, 0]);
    // The same key in another table is another item.
    expect(c.itemGeneration(FLOW, 'A', '1')).toBe(0);
  });

  it('a write naming nothing moves every table and item', () => {
    const c = counters();
    c.recordWrite(null);
    expect([c.generation(), c.tableGeneration(APP), c.tableGeneration(FLOW), c.itemGeneration(APP, 'A', '1')]).toEqual([
      1, 1, 1, 1,
    ]);
  });

  it('a table it does not know counts as a write to everything, and is read by the whole store count', () => {
    const c = counters();
    c.recordWrite([{ table: 'elsewhere', pk: 'A', sk: '1' }]);
    expect(c.itemGeneration(APP, 'Z', '9')).toBe(1);
    expect(c.tableGeneration('elsewhere')).toBe(c.generation());
    c.recordWrite([{ table: APP, pk: 'A', sk: '1' }]);
    expect(c.itemGeneration('elsewhere', 'A', '1')).toBe(2);
  });

  it('two threads share the counts through the buffer', () => {
    const buffer = new SharedArrayBuffer(WriteCounters.bytes);
    const writer = new WriteCounters(buffer);
    const reader = new WriteCounters(buffer);
    writer.recordWrite([{ table: APP, pk: 'USER#1', sk: 'PROFILE' }]);
    expect(reader.itemGeneration(APP, 'USER#1', 'PROFILE')).toBe(1);
  });
});
