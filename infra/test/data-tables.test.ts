import { describe, expect, it } from 'vitest';
import { tableList } from '@tapewatch/functions/data/tables';
import { synth, tableIds, type Resource } from './synth.ts';

const dev = synth().template;

describe('DynamoDB tables', () => {
  const ids = tableIds(dev);
  const resources = dev.findResources('AWS::DynamoDB::Table') as Record<string, Resource>;

  it('creates exactly the tables in tables.ts', () => {
    expect(Object.keys(ids).sort()).toEqual(tableList.map((t) => t.name).sort());
  });

  it.each(tableList.map((t) => [t.name, t] as const))('%s matches its definition', (name, def) => {
    const p = resources[ids[name]!]!.Properties!;
    expect(p.BillingMode).toBe('PAY_PER_REQUEST');
    expect(p.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(p.KeySchema).toEqual([
      { AttributeName: def.partitionKey, KeyType: 'HASH' },
      { AttributeName: def.sortKey, KeyType: 'RANGE' },
    ]);
    const attributes = p.AttributeDefinitions as Array<{ AttributeName: string; AttributeType: string }>;
    for (const a of attributes) expect(a.AttributeType).toBe('S');
    expect(attributes.map((a) => a.AttributeName)).toEqual(expect.arrayContaining([def.partitionKey, def.sortKey]));

    if (def.ttlAttribute) {
      expect(p.TimeToLiveSpecification).toEqual({ AttributeName: def.ttlAttribute, Enabled: true });
    } else {
      expect(p.TimeToLiveSpecification).toBeUndefined();
    }

    const gsis = (p.GlobalSecondaryIndexes ?? []) as Array<{
      IndexName: string;
      KeySchema: unknown;
      Projection: unknown;
    }>;
    expect(gsis.map((g) => g.IndexName).sort()).toEqual(def.indexes.map((i) => i.name).sort());
    for (const index of def.indexes) {
      const gsi = gsis.find((g) => g.IndexName === index.name)!;
      expect(gsi.KeySchema).toEqual([
        { AttributeName: index.partitionKey, KeyType: 'HASH' },
        { AttributeName: index.sortKey, KeyType: 'RANGE' },
      ]);
      expect(attributes).toContainEqual({ AttributeName: index.partitionKey, AttributeType: 'S' });
      expect(attributes).toContainEqual({ AttributeName: index.sortKey, AttributeType: 'S' });
    }
  });

  it('destroys tables outside prod', () => {
    for (const r of Object.values(resources)) {
      expect(r.DeletionPolicy).toBe('Delete');
      expect(r.Properties?.DeletionProtectionEnabled).toBeFalsy();
    }
  });

  it('retains and protects tables in prod', () => {
    const prod = synth({ stage: 'prod' }).template.findResources('AWS::DynamoDB::Table') as Record<string, Resource>;
    expect(Object.keys(prod)).toHaveLength(tableList.length);
    for (const r of Object.values(prod)) {
      expect(r.DeletionPolicy).toBe('Retain');
      expect(r.UpdateReplacePolicy).toBe('Retain');
      expect(r.Properties?.DeletionProtectionEnabled).toBe(true);
    }
  });
});
